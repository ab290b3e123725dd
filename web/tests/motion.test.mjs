// Browser test (issue 36): moves you can follow. Watching a game of bots,
// a piece that moves is seen travelling from where it left to where it went
// (an element `.hm-travel` for the length of the move), and a player who
// asks for less motion (prefers-reduced-motion) sees the same moves marked
// with arrows, and nothing travelling.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

/** Counts, from the page's first moment, the travelling pieces and the move marks ever drawn. */
async function watch(context) {
  await context.addInitScript(() => {
    window.seen = { travels: 0, moves: 0 };
    new MutationObserver((list) => {
      for (const m of list) {
        for (const n of m.addedNodes) {
          if (!(n instanceof Element)) continue;
          if (n.matches('.hm-travel')) window.seen.travels += 1;
          if (n.matches('.hm-layer')) window.seen.moves += n.querySelectorAll('.hm-moved_from').length;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('a moved piece travels on the board, and holds still for a player who asks for less motion', { timeout: 180000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-motion-'));
  // The bots' pace leaves each move on the screen long enough to be seen.
  const { proc, base } = await startServer(dir, ['--bot-pace-ms', '250']);
  const moving = await launch({ width: 1366, height: 768 });
  const still = await launch({ width: 390, height: 844, mobile: true, reducedMotion: 'reduce' });
  try {
    await watch(moving);
    await watch(still);
    const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ds', players: 2, seed: 5, seats: [{ kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }] }) });
    assert.equal(r.status, 201);
    const { id } = await r.json();
    const errors = [];
    const pages = [];
    for (const context of [moving, still]) {
      const page = context.pages()[0] || await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${base}/play/${id}`);
      pages.push(page);
    }
    // Both watch until a few moves of species from tile to tile were drawn.
    await pages[0].waitForFunction(() => window.seen.travels >= 3, null, { timeout: 150000 });
    await pages[1].waitForFunction(() => window.seen.moves >= 3, null, { timeout: 60000 });
    const [a, b] = await Promise.all(pages.map((p) => p.evaluate(() => window.seen)));
    assert.ok(a.moves >= a.travels && a.travels >= 3, JSON.stringify(a));
    assert.equal(b.travels, 0, `nothing travels for a player who asks for less motion: ${JSON.stringify(b)}`);
    assert.deepEqual(errors, []);
  } finally {
    await moving.close();
    await still.close();
    proc.kill();
  }
});
