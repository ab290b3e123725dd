// One player, many devices (issue 36), in headless Chromium: Ann plays on
// device A with her profile; device B opens her carry link (a new browser
// context: nothing of A's storage), its lobby lists her game at once and
// opens her seat, where she makes a move; A's seat still works. Her
// profile's own page shows the carry link's QR code as an image.
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

async function post(base, path, body) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(r.ok, `${path}: ${r.status}`);
  return r.json();
}

/** Clicks the first legal choice of the table on `page` (its seat must be to move); resolves once the move is past it. */
async function moveOnce(page) {
  await page.waitForSelector('body.my-turn #choice-list button.choice-item');
  const move = Number(await page.evaluate(() => document.body.dataset.move));
  await page.locator('body.my-turn #choice-list button.choice-item').first().click();
  await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
  return move;
}

test('a profile opened on a second device lists its games and plays its seat there', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-devices-test-'));
  const { proc, base } = await startServer(dir, ['--test-games']);
  const deviceA = await launch();
  const deviceB = await launch({ width: 390, height: 844, mobile: true });
  try {
    const ann = await post(base, '/api/profiles', { name: 'Ann' });
    const errors = [];
    const a = deviceA.pages()[0] || await deviceA.newPage();
    a.on('pageerror', (e) => errors.push(`A: ${e.message}`));
    // Device A takes the profile, then its seat in a game against a bot, and moves.
    await a.goto(`${base}/profile/Ann#k=${ann.key}`);
    await a.waitForSelector('#profile-carried');
    const created = await post(base, '/api/games', { game: 'demo', players: 2, seed: 4, seats: [{}, { kind: 'bot', bot: 'random' }] });
    await a.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await a.waitForSelector('body[data-move]');
    assert.match(await a.textContent('#players'), /Ann \(you\)/);
    await moveOnce(a);

    // Device B: only the carry link.
    const b = deviceB.pages()[0] || await deviceB.newPage();
    b.on('pageerror', (e) => errors.push(`B: ${e.message}`));
    await b.goto(`${base}/profile/Ann#k=${ann.key}`);
    await b.waitForSelector('#profile-carried');
    // Her own page already keeps her seats' tokens here; the lobby must find them by itself too.
    const heldB = await b.evaluate(() => JSON.parse(localStorage.getItem('eons.games')));
    assert.deepEqual(heldB.map((g) => [g.id, g.seat]), [[created.id, 0]]);
    assert.match(heldB[0].token, /^[0-9a-f]{64}$/, 'the profile\'s token for the seat, not device A\'s');
    assert.equal(await b.getAttribute('#profile-games .game-item .game-actions a', 'href'), `/play/${created.id}#t=${heldB[0].token}`);
    await b.evaluate(() => localStorage.removeItem('eons.games'));
    assert.ok(!b.url().includes('#k='), 'the key leaves the address bar');
    // Her own page: the QR code of the carry link, once asked for, as an image that loaded.
    await b.waitForSelector('#link-device #show-qr');
    assert.equal(await b.isVisible('#profile-qr'), false, 'the code (the key in plain sight) shows only once asked for');
    await b.click('#link-device #show-qr');
    await b.waitForFunction(() => {
      const img = document.getElementById('profile-qr');
      return img && img.complete && img.naturalWidth > 0 && img.getAttribute('src').startsWith('data:image/svg+xml,');
    });
    assert.equal(await b.isVisible('#profile-qr'), true);
    const svg = await b.evaluate(() => decodeURIComponent(document.getElementById('profile-qr').getAttribute('src').slice('data:image/svg+xml,'.length)));
    assert.match(svg, /^<\?xml[^>]*\?><svg [^>]*viewBox="0 0 \d+ \d+"[^>]*><rect [^>]*\/><path fill="#000" d="M/);
    // The lobby's "My games" lists the game at once, with her move to make.
    await b.click('#profile-carried-games');
    const item = b.locator(`#mine .game-item[data-game="${created.id}"]`);
    await item.waitFor();
    await b.waitForFunction((id) => /Your move/.test(document.querySelector(`#mine .game-item[data-game="${id}"]`).textContent), created.id);
    assert.equal(await b.locator('#mine .game-item').count(), 1, 'listed once');
    assert.equal(await item.locator('button', { hasText: 'Forget' }).count(), 0, 'a profile game is nobody’s to forget');
    // It opens her seat here, and she moves.
    await item.locator('a.game-link').click();
    await b.waitForURL(new RegExp(`/play/${created.id}#t=[0-9a-f]{64}$`));
    await b.waitForSelector('body[data-move]');
    assert.match(await b.textContent('#players'), /Ann \(you\)/);
    const before = await moveOnce(b);
    const log = await (await fetch(`${base}/api/games/${created.id}/log`)).json();
    assert.equal(log.entries.find((e) => e.n === before).seat, 0, 'the move is seat 1’s, Ann’s');
    // The token is kept on B: its lobby opens the seat straight away afterwards.
    const kept = await b.evaluate((id) => JSON.parse(localStorage.getItem('eons.games')).find((g) => g.id === id), created.id);
    assert.equal(kept.seat, 0);
    assert.match(kept.token, /^[0-9a-f]{64}$/);
    // Device A's own token still opens the seat: after the reload, it is her turn there too.
    await a.reload();
    await a.waitForSelector('body[data-move]');
    assert.match(await a.textContent('#players'), /Ann \(you\)/);
    await moveOnce(a);
    // The lobby's profile panel has the QR code too.
    await b.goto(`${base}/`);
    await b.waitForSelector('#profile #show-qr');
    await b.click('#profile #show-qr');
    await b.waitForFunction(() => document.getElementById('profile-qr').naturalWidth > 0);
    assert.deepEqual(errors, []);
  } finally {
    await deviceA.close();
    await deviceB.close();
    proc.kill('SIGKILL');
  }
});
