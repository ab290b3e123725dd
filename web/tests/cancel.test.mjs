// Browser test (issue 36): a player cancels a game nobody else has played
// in. The table offers "Cancel the game…" only while every choice in the
// game is the player's own, asks once more, then goes back to the lobby;
// the other player's open table says the game was cancelled, and so does
// its link afterwards; the lobby no longer lists it.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, twoTables } from './browser.mjs';

test('a game nobody else played in is cancelled from the table, and gone for the other player', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-cancel-test-'));
  const { proc, base } = await startServer(dir);
  const ann = await launch({ name: 'Ann' });
  const ben = await launch({ name: 'Ben', width: 390, height: 844, mobile: true });
  try {
    const { created, pages: [annPage, benPage], errors } = await twoTables(base, [ann, ben]);
    const v = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
    assert.equal(v.to_move, 1, 'Ben is to move in this deal');
    // Nobody has played: both may cancel.
    await annPage.waitForSelector('#cancel-game');
    await benPage.waitForSelector('#cancel-game');
    // Ben plays once, from his table: now only Ben may.
    const move = Number(await benPage.getAttribute('body', 'data-move'));
    await benPage.locator('#choice-list button.choice-item').first().click();
    await benPage.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
    await annPage.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
    assert.equal(await annPage.locator('#cancel-game').count(), 0, 'Ann no longer may: Ben has played');
    await benPage.waitForSelector('#cancel-game');
    // Asked once more; "Keep it" changes nothing.
    await benPage.click('#cancel-game');
    await benPage.click('#cancel-no');
    await benPage.click('#cancel-game');
    await benPage.click('#cancel-yes');
    await benPage.waitForURL(`${base}/`);
    // Ann's open table hears it, and the game's link says so afterwards.
    await annPage.waitForSelector('#game-gone');
    assert.match(await annPage.textContent('#game-gone'), /This game was cancelled/);
    await annPage.reload();
    await annPage.waitForSelector('#game-gone');
    assert.match(await annPage.textContent('#game-gone'), /cancelled by a player before anyone else moved/);
    // The lobby lists it nowhere.
    await benPage.waitForSelector('#recent');
    await benPage.waitForTimeout(500);
    assert.equal(await benPage.locator(`a[href^="/play/${created.id}"]`).count(), 0, 'the lobby no longer lists the game');
    assert.deepEqual(errors, []);
  } finally {
    await ann.close();
    await ben.close();
    proc.kill();
  }
});
