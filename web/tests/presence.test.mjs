// Browser test (issue 36): who is at the table. Each player's dot is filled
// while their page is open and hollow once it closed (with when they were
// last seen); without a clock, the vote to hand the seat to move to a bot is
// offered only once that player has left, however long they think.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, twoTables } from './browser.mjs';

test('a player is shown at the table while their page is open, and voted away only once gone', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-presence-test-'));
  const { proc, base } = await startServer(dir, ['--absent-after-s', '1', '--bot-pace-ms', '100']);
  const ann = await launch({ name: 'Ann' });
  const ben = await launch({ name: 'Ben', width: 390, height: 844, mobile: true });
  try {
    const { created, pages: [annPage, benPage], errors } = await twoTables(base, [ann, ben]);
    const v = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
    assert.equal(v.to_move, 1, 'Ben is to move in this deal');

    // Both are here: both dots filled, on either table.
    await annPage.waitForFunction(() => document.querySelectorAll('#players .presence.online').length === 2);
    await benPage.waitForFunction(() => document.querySelectorAll('#players .presence.online').length === 2);
    assert.match(await annPage.getAttribute('#players .seat-list > li:nth-child(2) .presence', 'title'), /Online: at the table now/);
    // Ben thinks past the absent time: he is there, so no vote is offered.
    await annPage.waitForTimeout(2000);
    assert.equal(await annPage.locator('#vote-away').count(), 0, 'no vote against a player at the table');

    // Ben closes his table: his dot goes hollow, and the vote is offered.
    await benPage.close();
    await annPage.waitForSelector('#players .seat-list > li:nth-child(2) .presence.offline');
    assert.match(await annPage.getAttribute('#players .seat-list > li:nth-child(2) .presence', 'title'), /Offline: last seen just now/);
    await annPage.waitForSelector('#vote-away', { timeout: 20000 });
    await annPage.click('#vote-away');
    await annPage.waitForSelector('#players .away-badge');
    assert.deepEqual(errors, []);
  } finally {
    await ann.close();
    await ben.close();
    proc.kill('SIGKILL');
  }
});
