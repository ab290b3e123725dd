// Taking back a choice at the table, and its refusal, in headless Chromium:
// in the server's test game Card Race ("demo", started with --test-games) a
// storm card played (a 6) may be taken back until its knock is decided, and
// letting the storm pass draws a card (a barrier: the engine says it may not
// be taken back, so nobody can peek and retry).
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

/** Clicks the choice whose text starts with `start`, and waits for the next move. */
async function choose(page, start) {
  const move = Number(await page.evaluate(() => document.body.dataset.move));
  await page.locator('#choice-list button.choice-item', { hasText: start }).first().click();
  await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
}

test('a storm card played is taken back at the table; a draw stands, and the table says why', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-undo-test-'));
  const { proc, base } = await startServer(dir, ['--test-games']);
  const browser = await launch({ width: 1366, height: 768, name: 'Ann' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const created = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'demo', players: 2, seed: 5, seats: [{}, {}] }), // seat 1 holds a 6
    })).json();
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('body.my-turn');
    assert.equal(await page.locator('#undo-btn').count(), 0, 'nothing to take back yet');
    assert.equal(await page.locator('#undo-refused').count(), 0, 'and nothing to explain');
    const before = await page.textContent('#board');

    // A storm card: "Take back" restores the table as it was.
    await choose(page, 'play 6');
    await page.waitForSelector('#undo-btn');
    const move = Number(await page.evaluate(() => document.body.dataset.move));
    await page.click('#undo-btn');
    await page.waitForFunction((m) => Number(document.body.dataset.move) === m + 1, move);
    await page.waitForSelector('body.my-turn');
    assert.equal(await page.textContent('#board'), before, 'the board is as before the choice');
    assert.match(await page.textContent('#log'), /take back “play 6/, 'the log tells it');

    // The storm card again, and the storm let pass, which draws a card: no
    // "Take back", the reason instead, and the server refuses a take-back
    // sent all the same.
    await choose(page, 'play 6');
    await choose(page, 'skip the knock');
    await page.waitForSelector('#undo-refused');
    assert.equal(await page.textContent('#undo-refused'), 'Cannot take back: your last choice drew or revealed something hidden, so it stands');
    assert.equal(await page.locator('#undo-btn').count(), 0);
    const token = page.url().match(/#t=([0-9a-f]+)/)[1];
    const now = Number(await page.evaluate(() => document.body.dataset.move));
    const res = await fetch(`${base}/api/games/${created.id}/undo?token=${token}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move: now }),
    });
    assert.equal(res.status, 409);
    assert.equal((await res.json()).error.code, 'undo_refused');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill();
  }
});
