// Browser test: an invite link whose claim reached the server but whose reply
// never reached the page. The page asks again with the token it drew itself,
// the server answers as the first time, and the seat opens with that token.
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
