// Browser test (issue 36): a player resigns at the table. Ben asks to resign,
// is asked once more, and resigns; his table says he left for good (no "I'm
// back"), Ann's marks his seat "resigned" and logs it, and from then on the
// game's stand-in bot plays his seat: its moves read "Bot for Ben".
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, twoTables } from './browser.mjs';

async function view(base, id) {
  return (await fetch(`${base}/api/games/${id}/view`)).json();
}

test('a player resigns: asked once more, the seat marked, and a bot plays it to the end', { timeout: 180000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-resign-test-'));
  const { proc, base } = await startServer(dir, ['--bot-pace-ms', '100']);
  const ann = await launch({ name: 'Ann' });
  const ben = await launch({ name: 'Ben', width: 390, height: 844, mobile: true });
  try {
    const { created, pages: [annPage, benPage], errors } = await twoTables(base, [ann, ben]);

    // Asked once more: "Keep playing" changes nothing.
    await benPage.click('#resign');
    await benPage.waitForSelector('#resign-ask');
    assert.match(await benPage.textContent('#resign-ask'), /leave it for good: a bot \(greedy\) plays your seat to the end/);
    await benPage.click('#resign-no');
    await benPage.waitForSelector('#resign-ask', { state: 'detached' });
    assert.equal((await view(base, created.id)).seats[1].resigned, false);

    await benPage.click('#resign');
    await benPage.click('#resign-yes');
    await benPage.waitForSelector('#away-notice');
    assert.match(await benPage.textContent('#away-notice'), /You resigned: a bot \(greedy\) plays your seat to the end/);
    assert.equal(await benPage.locator('#im-back').count(), 0, 'no way back');
    assert.equal(await benPage.locator('#resign').count(), 0, 'nothing more to resign');
    const v = await view(base, created.id);
    assert.equal(v.seats[1].resigned, true);

    // Ann's table: the seat is marked, and the log says so.
    await annPage.waitForSelector('#players .resigned-badge');
    await annPage.waitForFunction(() => [...document.querySelectorAll('#log .log-entry')].some((e) => /Ben.*resign \(the greedy bot plays the seat to the end\)/.test(e.textContent)));

    // Ann plays on; Ben's seat is the bot's now, in the log too.
    const start = Date.now();
    while (!(await annPage.locator('#log .log-who.stand-in').count())) {
      assert.ok(Date.now() - start < 90000, 'the stand-in never moved for Ben');
      if (await annPage.locator('body.my-turn #choice-list button.choice-item').count()) {
        const move = Number(await annPage.evaluate(() => document.body.dataset.move));
        await annPage.locator('#choice-list button.choice-item').first().click().catch(() => {});
        await annPage.waitForFunction((m) => Number(document.body.dataset.move) > m, move, { timeout: 10000 }).catch(() => {});
      } else {
        await new Promise((ok) => setTimeout(ok, 100));
      }
    }
    const whos = await annPage.locator('#log .log-who.stand-in').allTextContents();
    assert.ok(whos.every((w) => w === 'Bot for Ben'), `${whos}`);
    // Ben's table once the bot chose for him: the bot's choice is not his to
    // take back, nor anything to explain to him.
    await benPage.waitForSelector('#log .log-who.stand-in');
    assert.equal(await benPage.locator('#undo-btn, #undo-refused').count(), 0, 'no take-back offered or explained');
    // On Ben's phone: no horizontal scroll from the notice.
    const wide = await benPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    assert.equal(wide, false, 'the page fits the phone');
    assert.deepEqual(errors, []);
  } finally {
    await ann.close();
    await ben.close();
    proc.kill('SIGKILL');
  }
});
