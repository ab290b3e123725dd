// Browser tests of links to a seat: an invite link whose claim reached the
// server but whose reply never reached the page (the page asks again with
// the token it drew itself, the server answers as the first time, and the
// seat opens with that token); a seat's own link opened on a new device
// (the seat opens, nothing is asked) and an invite used already (said at
// once, before a name is asked); public URLs; open seats from the lobby.
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER } from './browser.mjs';

test('an invite whose claim reply was lost still opens its seat', { timeout: 120000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-claim-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch();
  try {
    const created = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'ds', players: 2, seed: 5, seats: [{}, {}] }),
    })).json();
    const invite = created.tokens.find((t) => t.seat === 1).token;

    const page = browser.pages()[0] || await browser.newPage();
    const sent = []; // [new_token, server status] per claim request
    await page.route('**/api/claim', async (route) => {
      const body = JSON.parse(route.request().postData() || '{}');
      if (sent.length === 0) {
        // The claim reaches the server and is committed, but the page never hears back.
        const resp = await route.fetch();
        sent.push([body.new_token, resp.status()]);
        await route.abort('connectionreset');
      } else {
        sent.push([body.new_token, null]);
        await route.continue();
      }
    });
    await page.goto(`${base}/play/${created.id}#t=${invite}`);
    // A browser that knows no name asks for one before claiming.
    await page.waitForSelector('#join-form');
    await page.click('#join-go');
    await page.waitForSelector('body[data-move]', { timeout: 30000 });

    assert.equal(sent.length, 2, 'one lost claim, one retry');
    const [[chosen, status], [again]] = sent;
    assert.equal(status, 200, 'the first claim was committed');
    assert.match(chosen, /^[0-9a-f]{32}$/);
    assert.equal(again, chosen, 'the retry sends the same token');
    assert.ok(page.url().endsWith(`#t=${chosen}`), page.url());
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('eons.games') || '[]'));
    assert.deepEqual(kept.map((g) => [g.id, g.seat, g.token]), [[created.id, 1, chosen]]);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), `eons.claim.${invite}`), null, 'nothing pending');

    // The chosen token is seat 1's; the invite token opens nothing.
    const v = await (await fetch(`${base}/api/games/${created.id}/view?token=${chosen}`)).json();
    assert.equal(v.seat, 1);
    assert.equal((await fetch(`${base}/api/games/${created.id}/view?token=${invite}`)).status, 403);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});

test('invite links point at the server\'s public URL, not at the address the creator opened', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-public-'));
  const { proc, base } = await startServer(dir, ['--public-url', 'http://friends.example:8080']);
  const browser = await launch({ name: 'Ann' });
  try {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = browser.pages()[0] || await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector('#create-game');
    // With a public URL the lobby has nothing to warn about.
    assert.equal(await page.locator('#loopback-notice').count(), 0);
    await page.selectOption('select.seat-kind[data-seat="1"]', 'friend');
    await page.click('#create-game');
    await page.waitForSelector('#players');
    await page.locator('#players button', { hasText: 'Copy invite' }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).length > 0);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const id = new URL(page.url()).pathname.split('/').pop();
    assert.match(link, new RegExp(`^http://friends\\.example:8080/play/${id}#t=[0-9a-f]{32}$`));
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});

test('the lobby lists a game with an open seat, and "Join" seats the player there', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-open-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ name: 'Zoe' });
  try {
    const created = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'ds', players: 2, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'open' }] }),
    })).json();
    assert.equal(created.tokens.length, 0, 'an open seat has no invite');
    const page = browser.pages()[0] || await browser.newPage();
    await page.goto(`${base}/`);
    const join = page.locator(`#open-list .join-btn[data-game="${created.id}"]`);
    await join.waitFor();
    await join.click();
    await page.waitForSelector('body[data-move]');
    assert.match(await page.textContent('#players'), /Zoe \(you\)/);
    const token = page.url().match(/#t=([0-9a-f]{32})$/)[1];
    const v = await (await fetch(`${base}/api/games/${created.id}/view?token=${token}`)).json();
    assert.equal(v.seat, 1);
    assert.equal(v.seats[1].name, 'Zoe');
    // The game is no longer offered.
    assert.deepEqual((await (await fetch(`${base}/api/games?open=1`)).json()).map((g) => g.id), []);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});

test('a seat\'s own link opens on a new device at once, and a used invite says so before asking anything', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-own-link-'));
  const { proc, base } = await startServer(dir);
  // Browsers that know no name: an invite would ask for one.
  const phone = await launch({ width: 390, height: 844, mobile: true });
  const other = await launch();
  try {
    const created = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'ds', players: 2, seed: 5, seats: [{}, {}] }),
    })).json();
    const invite = created.tokens.find((t) => t.seat === 1).token;
    const ben = await (await fetch(`${base}/api/claim`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invite, name: 'Ben' }),
    })).json();

    // Ben opens his own seat's link on his phone: his seat, nothing asked.
    const page = phone.pages()[0] || await phone.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`${base}/play/${created.id}#t=${ben.token}`);
    await page.waitForSelector('body[data-move]');
    assert.equal(await page.locator('#join-form').count(), 0, 'no name asked for a seat that is his already');
    assert.match(await page.textContent('#topinfo'), /you: Ben/);
    assert.deepEqual(errors, [], 'no refused claim on the way');

    // Someone opens the used invite: told so at once, no name asked first.
    const page2 = other.pages()[0] || await other.newPage();
    await page2.goto(`${base}/play/${created.id}#t=${invite}`);
    await page2.waitForSelector('#invite-used');
    assert.equal(await page2.locator('#join-form').count(), 0, 'no name asked for a used invite');
  } finally {
    await phone.close();
    await other.close();
    proc.kill('SIGKILL');
  }
});
