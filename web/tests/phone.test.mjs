// Browser test (issue 36): the table on a phone (390 × 844, touch). For each
// game, at every decision of the first moves against a bot:
//  - the page never scrolls sideways, and neither do the prompt's choices:
//    they wrap, and no button cuts its words ("keep Camouf…");
//  - every control a finger aims at (buttons, lists, the board's targets
//    that are page elements) is at least 44 × 44 CSS px, and the board's
//    drawn targets (hexes, corners) at least 40 × 40;
//  - the first board target of the decision is on the screen, below the
//    prompt bar, without the player panning or scrolling for it.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, lcg } from './browser.mjs';

const DECISIONS = 10;

async function createGame(base, game) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, players: 2, seed: 11, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', bot: 'greedy' }] }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  const g = await r.json();
  return { id: g.id, token: g.tokens.find((t) => t.seat === 0).token };
}

/** What a player on a phone would find wrong with the page as it is now. */
function faults(page) {
  return page.evaluate(() => {
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth) out.push(`the page scrolls sideways (${doc.scrollWidth} px wide)`);
    const box = document.querySelector('#promptbar .prompt-buttons');
    if (box && box.scrollWidth > box.clientWidth + 1) out.push(`the prompt's choices scroll sideways (${box.scrollWidth} > ${box.clientWidth})`);
    for (const b of document.querySelectorAll('#promptbar button')) {
      if (b.scrollWidth > b.clientWidth + 1) out.push(`the button "${b.textContent}" cuts its words`);
    }
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' ? r : null;
    };
    for (const el of document.querySelectorAll('#app button, #app select, #app input:not([type=checkbox]):not([type=radio]), #board [data-choices]')) {
      const r = visible(el);
      if (!r) continue;
      const drawn = el instanceof SVGElement;
      const least = drawn ? 40 : 44;
      // A drawn target is as large as what takes its taps: its hit disc, if it has one.
      const hit = drawn ? el.querySelector('circle.hit') : null;
      const size = hit ? hit.getBoundingClientRect() : r;
      if (size.width < least - 0.5 || size.height < least - 0.5) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || el.dataset.key || '').slice(0, 30)}" is ${Math.round(size.width)} × ${Math.round(size.height)}`);
      }
    }
    const first = document.querySelector('#board .legal');
    // Only when some choice is on the board alone (not also a button of the prompt bar).
    const buttons = document.querySelectorAll('#promptbar .prompt-buttons .choice-btn').length;
    const choices = document.querySelectorAll('#choice-list .choice-item').length;
    if (first && buttons < choices) {
      const r = first.getBoundingClientRect();
      const top = document.getElementById('promptbar').getBoundingClientRect().bottom;
      const pan = first.closest('[data-pan]');
      const p = pan ? pan.getBoundingClientRect() : { left: 0, right: innerWidth };
      const inView = r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.left >= Math.max(0, p.left) - 1 && r.right <= Math.min(innerWidth, p.right) + 1;
      if (!inView) out.push(`the first target (${first.dataset.key || first.dataset.place}) is off the screen at ${Math.round(r.left)},${Math.round(r.top)}`);
    }
    return [...new Set(out)];
  });
}

describe('the table on a phone', { concurrency: true }, () => {
  for (const game of ['ds', 'marine', 'pangea']) {
    it(`${game}: no sideways scroll, words whole, 44 px targets, the first target in view`, { timeout: 180000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'eons-phone-'));
      const { proc, base } = await startServer(dir);
      // Reduced motion: the first target is brought into view at once, not by a smooth scroll.
      const phone = await launch({ width: 390, height: 844, mobile: true, name: 'Ann', reducedMotion: 'reduce' });
      try {
        const { id, token } = await createGame(base, game);
        const page = phone.pages()[0] || await phone.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${base}/play/${id}#t=${token}`);
        await page.waitForSelector('body[data-move]');
        const held = page.url().match(/#t=([0-9a-f]+)/)[1];
        const pick = lcg(7);
        let checked = 0;
        let targets = 0;
        for (let n = 0; n < DECISIONS; n++) {
          await page.waitForFunction(() => document.body.dataset.over === 'true'
            || (document.body.classList.contains('my-turn') && !document.body.classList.contains('busy')), null, { timeout: 60000 });
          if (await page.evaluate(() => document.body.dataset.over === 'true')) break;
          await page.waitForTimeout(150); // the frame that marks an overflowing choice list
          const found = await faults(page);
          assert.deepEqual(found, [], `${game}, decision ${n}`);
          checked += 1;
          if (await page.locator('#board .legal').count()) targets += 1;
          // The next choice, sent as the table would; the push redraws the page.
          const st = await (await fetch(`${base}/api/games/${id}/view?token=${held}`)).json();
          const c = st.legal[pick(st.legal.length)];
          const r = await fetch(`${base}/api/games/${id}/choice`, {
            method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${held}` },
            body: JSON.stringify({ move: st.move, choice: c.choice }),
          });
          assert.ok(r.ok, await r.text());
          await page.waitForFunction((m) => Number(document.body.dataset.move) > m, st.move);
        }
        assert.ok(checked >= 5 && targets >= 2, `checked ${checked} decisions, ${targets} with board targets`);
        assert.deepEqual(errors, []);
      } finally {
        await phone.close();
        proc.kill();
      }
    });
  }
});
