// Browser test: the board and the words meet. For each game (Dominant
// Species, Marine, Pangea) a whole game against a bot is played in headless
// Chromium by clicking board targets, pickers and buttons, and at every
// decision of the human seat:
//  - no two legal choices read the same;
//  - every legal choice that concerns a place or a piece has a highlighted
//    board target that can produce it (`data-choices`), and no target offers a
//    choice that is not legal;
//  - at a phone's size (390 × 844), every board target is at least 32 × 32
//    CSS px (checked at a sample of decisions);
// and now and then: hovering a choice lights its board target and the
// reverse, hovering a log entry lights the places it names, Enter on a
// focused board target acts like a click, and (Pangea) a click on your own
// animal that could remove it asks before anything happens.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
// EONS_TARGETS_GAMES=ds,pangea plays only those games.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER, lcg, weighted } from './browser.mjs';

const GAMES = (process.env.EONS_TARGETS_GAMES || 'ds,marine,pangea').split(',');

/**
 * The choice kinds (the JSON variant name) that concern a place or a piece,
 * by game: they must have a board target (a card chip for a trait to keep or
 * an adaptation card to play). The rest (Pass, Done, Skip, element picks,
 * counts of AP...) stay buttons. A Marine `Animal` concerns a
 * place when its text names the tile ("eliminate one Fishes species on D7 ocean").
 */
const PLACE_KINDS = {
  ds: ['Place', 'Corner', 'Tile', 'Stack', 'Card', 'Species', 'Move', 'Count'],
  marine: ['Place', 'Corner', 'Hex', 'Stack', 'Slot', 'Species', 'Move', 'MoveOf', 'Animal', 'Trait'],
  pangea: ['Region', 'Populate', 'Move', 'Animal', 'Unblock', 'Shed', 'Bearer', 'Field', 'Claim', 'Activate', 'Card', 'Use', 'CashIn'],
};
/** Pangea's human plays the Invertebrates, whose ability (shed an animal for 1 AP) must always ask. */
const OPTIONS = { pangea: ['groups=invertebrates,synapsids'] };
const LABEL = /\b[A-G](?:1[0-3]|[1-9])\b/;

const kindOf = (choice) => (choice && typeof choice === 'object' ? Object.keys(choice)[0] : String(choice));

function needsTarget(game, c, st) {
  const kind = kindOf(c.choice);
  // Dominant Species: an element type picked from a place on the table (the
  // view says where) is lit there; one drawn from the bag stays a button.
  if (game === 'ds' && kind === 'Element') return Boolean(st.view.elements_from);
  // Marine: a circle of the row the view names, Regression's cube on its square.
  if (game === 'marine' && kind === 'Circle') return Boolean(st.view.circles_of);
  if (game === 'marine' && kind === 'Perform') return st.view.regression_cube;
  if (!PLACE_KINDS[game].includes(kind)) return false;
  if (game === 'marine' && kind === 'Animal') return / on [A-G](?:1[0-3]|[1-9])\b/.test(c.text);
  if (game === 'ds' && kind === 'Count') return true;
  return true;
}

/** How much the clicker likes a Dominant Species eyeball space (so the game ends) or another target. */
function boardWeight(game, key) {
  const m = key.match(/^space:(\d+)$/);
  if (game !== 'ds' || !m) return 4;
  const n = Number(m[1]);
  if (n >= 36) return 6;
  if (n >= 29) return 2;
  if (n >= 23) return 1;
  if (n >= 20) return 2;
  if (n >= 14) return 6;
  if (n >= 8) return 0.5;
  return 1.5;
}

function buttonWeight(text) {
  const t = text.toLowerCase();
  if (t.includes('forfeit')) return 0.05;
  if (t.includes('skip')) return 0.3;
  if (t.includes('done') || t === 'pass') return 0.5;
  return 1;
}

async function createGame(base, game) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, players: 2, seed: 11, options: OPTIONS[game] || [], seats: [{ kind: 'human', name: 'Tester' }, { kind: 'bot', bot: process.env.EONS_TARGETS_BOT || 'greedy' }] }),
  });
  assert.ok(r.ok, await r.clone().text());
  const g = await r.json();
  return { id: g.id, token: g.tokens.find((t) => t.seat === 0).token };
}

/** Waits until the page shows the human's decision (not busy) or the game's end. */
async function settle(page) {
  await page.waitForFunction(() => document.body.dataset.over === 'true'
    || (document.body.classList.contains('my-turn') && !document.body.classList.contains('busy')), null, { timeout: 120000 });
  return page.evaluate(() => ({ over: document.body.dataset.over === 'true', move: Number(document.body.dataset.move) }));
}

/** Every board target's choices and whether it is highlighted. */
function boardTargets(page) {
  return page.evaluate(() => [...document.querySelectorAll('#board [data-choices]')].map((el) => ({
    choices: el.dataset.choices.split(' ').filter(Boolean).map(Number),
    legal: el.classList.contains('legal'),
  })));
}

// The three games are played at once, each with its own server and browsers.
describe('board targets', { concurrency: true }, () => {
for (const game of GAMES) {
  it(`${game}: every place choice has a highlighted board target over a whole game`, { timeout: 20 * 60 * 1000 }, async () => {
    assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
    const dir = mkdtempSync(join(tmpdir(), 'eons-targets-'));
    const { proc, base } = await startServer(dir);
    const desk = await launch({ width: 1366, height: 768, name: 'Tester', reducedMotion: 'reduce' });
    try {
      const { id, token } = await createGame(base, game);
      const page = desk.pages()[0] || await desk.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(`${base}/play/${id}#t=${token}`);
      await page.waitForSelector('body[data-move]');
      const held = page.url().match(/#t=([0-9a-f]+)/)[1];

      const pick = lcg(5);
      const checked = new Set();
      let decisions = 0;
      let placeChoices = 0;
      let pickers = 0;
      let keyed = 0;
      let hovered = 0;
      let logLit = 0;
      let phoneChecks = 0;
      let neutralMarks = 0; // Pangea: marks of neutral animals seen
      const tally = new Map(); // choices checked for a target, by kind
      let lastMove = -1;
      let kinds = new Map(); // legal index → choice kind, at the current decision
      let asked = 0;
      let stuck = 0;
      for (let step = 0; step < 5000; step++) {
        const { over, move } = await settle(page);
        if (over) break;
        stuck = move === lastMove ? stuck + 1 : 0;
        assert.ok(stuck < 40, `no progress at move ${move}`);
        lastMove = move;
        const fresh = !checked.has(move) && await page.evaluate(() => !document.querySelector('#board .selected') && !document.getElementById('picker'));
        if (fresh) {
          checked.add(move);
          decisions += 1;
          const st = await (await fetch(`${base}/api/games/${id}/view?token=${held}`)).json();
          assert.equal(st.move, move, 'the page shows the current move');
          kinds = new Map(st.legal.map((c) => [c.index, kindOf(c.choice)]));
          // Every choice reads apart from the others (two buttons with the same words leave the player guessing).
          const texts = st.legal.map((c) => c.text);
          assert.equal(new Set(texts).size, texts.length, `move ${move}: two choices read the same: ${JSON.stringify(texts)}`);
          const targets = await boardTargets(page);
          // A neutral animal's mark (Pangea) is never "your last move": the rules moved it.
          for (const n of (st.view && st.view.neutrals) || []) {
            const marks = await page.evaluate((owner) => [...document.querySelectorAll(`#board .hm-mark[data-mark-owner="${owner}"]`)]
              .map((g) => ({ mine: g.classList.contains('hm-mine'), said: g.querySelector('title').textContent })), n.group);
            neutralMarks += marks.length;
            for (const mk of marks) {
              assert.ok(!mk.mine && !/\(your last move\)/.test(mk.said), `move ${move}: a neutral ${n.group} mark is not the player's move: ${mk.said}`);
            }
          }
          if (decisions === 1) {
            // The player asked for less motion: the highlights hold still.
            const moving = await page.evaluate(() => [...document.querySelectorAll('#board .legal, #board .legal *')]
              .filter((el) => getComputedStyle(el).animationName !== 'none').length);
            assert.equal(moving, 0, 'no highlight pulses for a player who asked for less motion');
          }
          const onBoard = new Set();
          for (const t of targets) {
            assert.ok(t.legal, `a target that offers ${t.choices} is highlighted`);
            for (const i of t.choices) onBoard.add(i);
          }
          const legalIndices = new Set(st.legal.map((c) => c.index));
          for (const i of onBoard) assert.ok(legalIndices.has(i), `board target offers choice ${i}, which is legal at move ${move}`);
          for (const c of st.legal) {
            if (!needsTarget(game, c, st)) continue;
            placeChoices += 1;
            tally.set(kindOf(c.choice), (tally.get(kindOf(c.choice)) || 0) + 1);
            assert.ok(onBoard.has(c.index), `move ${move}: "${c.text}" (${kindOf(c.choice)}) has a board target`);
          }
          // Hovering a choice of the list lights its board target, and the reverse.
          const withTarget = st.legal.filter((c) => onBoard.has(c.index));
          if (withTarget.length && decisions % 5 === 1) {
            const c = withTarget[pick(withTarget.length)];
            await page.hover(`#choice-list [data-index="${c.index}"]`);
            const lit = await page.evaluate((i) => [...document.querySelectorAll('#board .linked')].every((el) => el.dataset.choices.split(' ').includes(String(i)))
              && document.querySelectorAll('#board .linked').length > 0, c.index);
            assert.ok(lit, `hovering "${c.text}" lights its board target`);
            const box = page.locator(`#board [data-choices~="${c.index}"]`).first();
            // A real pointer where the target can be reached; a sticky bar may cover it.
            await box.hover({ timeout: 3000 }).catch(() => box.dispatchEvent('pointerover'));
            const back = await page.evaluate((i) => !!document.querySelector(`#choice-list [data-index="${i}"].linked`), c.index);
            assert.ok(back, `hovering the board target of "${c.text}" lights it in the list`);
            hovered += 1;
            await page.mouse.move(1, 1);
          }
          // Hovering a log entry that names a place lights that place.
          if (decisions % 7 === 3) {
            const n = await page.evaluate((src) => {
              const re = new RegExp(src);
              const entries = [...document.querySelectorAll('.log-entry')];
              for (let i = entries.length - 1; i >= 0; i--) {
                const m = entries[i].textContent.match(re);
                if (m && document.querySelector(`#board [data-place="${m[0]}"]`)) return i;
              }
              return -1;
            }, LABEL.source);
            if (n >= 0) {
              const entry = page.locator('.log-entry').nth(n);
              await entry.hover({ timeout: 3000 }).catch(() => entry.dispatchEvent('pointerover'));
              const seenLit = await page.evaluate(() => [...document.querySelectorAll('.linked')].map((e) => e.dataset.place || e.className));
              assert.ok(seenLit.length > 1, `hovering the log entry "${await entry.textContent()}" lights its places (lit: ${seenLit})`);
              logLit += 1;
              await page.mouse.move(1, 1);
            }
          }
          // Touch: at a phone's size, every board target is at least 32 × 32 px.
          if (decisions % 6 === 2) {
            await page.setViewportSize({ width: 390, height: 844 });
            const tiny = await page.evaluate(() => [...document.querySelectorAll('#board [data-choices]')]
              .map((el) => { const r = el.getBoundingClientRect(); return { key: el.dataset.key, w: r.width, h: r.height }; })
              .filter((r) => r.w < 32 || r.h < 32));
            await page.setViewportSize({ width: 1366, height: 768 });
            assert.deepEqual(tiny, [], `move ${move}: every target at 390 px wide is at least 32 px`);
            phoneChecks += 1;
          }
        }

        // Act: a picker first, then a board target, a button, or the list.
        if (await page.locator('#picker').count()) {
          const n = await page.locator('#picker .picker-btn').count();
          await page.locator('#picker .picker-btn').nth(pick(n)).click();
        } else {
          const seen = await page.evaluate(() => ({
            board: [...document.querySelectorAll('#board .legal[data-key]')].map((e) => e.dataset.key),
            buttons: [...document.querySelectorAll('#promptbar button.choice-btn')].map((e) => e.textContent),
          }));
          const r = pick(100);
          if (seen.board.length && (r < 80 || !seen.buttons.length)) {
            const i = weighted(seen.board.map((k) => boardWeight(game, k)), pick);
            const target = page.locator('#board .legal[data-key]').nth(i);
            const tag = await target.evaluate((el) => el.tagName);
            const offers = (await target.getAttribute('data-choices') || '').split(' ').filter(Boolean).map(Number);
            if (tag !== 'BUTTON' && pick(5) === 0) {
              // The keyboard: Tab focus, then Enter.
              await target.focus();
              await page.keyboard.press('Enter');
              keyed += 1;
            } else {
              await target.click({ timeout: 10000 });
            }
            // Pangea: a click on your own animal that could remove it never does so at once.
            if (game === 'pangea' && offers.some((i) => kinds.get(i) === 'Shed')) {
              assert.ok(await page.locator('#picker').count(), 'a click on an animal that could be shed asks first');
              asked += 1;
            }
          } else if (seen.buttons.length) {
            await page.locator('#promptbar button.choice-btn').nth(weighted(seen.buttons.map(buttonWeight), pick)).click();
          } else {
            const n = await page.locator('#choice-list button.choice-item').count();
            if (n) await page.locator('#choice-list button.choice-item').nth(pick(n)).click();
          }
          if (await page.locator('#picker').count()) pickers += 1;
        }
        await page.waitForFunction((m) => document.body.dataset.move !== String(m) || !document.body.classList.contains('busy'), move, { timeout: 60000 });
      }
      assert.ok(await page.evaluate(() => document.body.dataset.over === 'true'), 'the game was played to its end');
      assert.ok(decisions > 10 && placeChoices > 10, `${decisions} decisions, ${placeChoices} place choices checked`);
      assert.ok(hovered > 0 && phoneChecks > 0, 'hover and phone checks ran');
      assert.ok(keyed > 0, 'Enter on a focused target was used');
      if (game === 'pangea') assert.ok(asked > 0, 'a click on an animal that could be shed was tried');
      if (game === 'pangea') assert.ok(neutralMarks > 0, 'neutral animals moved after a choice of the player, and were marked');
      // The picks that were buttons only are targets now: an element where it
      // lies, a circle, a trait to keep, a card in hand.
      const picks = { ds: ['Element'], marine: ['Trait', 'Circle'], pangea: ['Activate'] }[game];
      for (const k of picks) assert.ok(tally.get(k) > 0, `${game}: ${k} choices met and given a target (${JSON.stringify([...tally])})`);
      assert.deepEqual(errors, [], 'no errors in the pages');
      console.log(`${game} game ${id}: ${decisions} decisions, ${placeChoices} place choices on the board, ${pickers} pickers, ${keyed} by keyboard, ${hovered} hover links, ${logLit} log links, ${phoneChecks} phone checks, ${asked} shed asks, ${neutralMarks} neutral marks, targets by kind ${JSON.stringify(Object.fromEntries(tally))}`);
    } finally {
      await desk.close();
      proc.kill('SIGKILL');
    }
  });
}
});
