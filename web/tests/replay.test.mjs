// Browser test of the look back (issue 19), in real headless Chromium:
// finished games of the three games (bots only) open in the replay viewer at
// /replay/ID, which steps with the keys, the buttons and the slider, the board
// and the log in step; pointing at a log entry lights the board places it
// names (the places the engines give with each entry), at the table and in
// the replay; their end-of-game panel splits every score by source
// and the parts add up; and a seated player's "Rematch" opens the new game,
// where the other seat is offered "Join the rematch".
//
// Needs: the server binary (EONS_SERVER_BIN, default target-server/release/eons-server
// from the repository root) and Debian's chromium (EONS_CHROMIUM, default /usr/bin/chromium).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer } from './browser.mjs';

async function json(base, method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

/** A two-player game of `game` between random bots, played to the end. */
async function finishedBotGame(base, game) {
  const g = await json(base, 'POST', '/api/games', { game, players: 2, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] });
  for (let i = 0; i < 1200; i++) {
    const sum = await json(base, 'GET', `/api/games/${g.id}`);
    if (sum.over) return sum;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`game ${g.id} did not end`);
}

/** Fails on text no player should read. */
async function assertNoNullText(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const bad of ['null', 'undefined', 'NaN', '[object Object]']) {
    assert.ok(!new RegExp(`\\b${bad.replace(/[[\]]/g, '\\$&')}\\b`).test(text), `${where}: "${bad}" on the page`);
  }
}

/**
 * Hovers the log entries that carry places (up to `most`, newest first) and
 * checks that what is lit on the board is exactly their places. Answers how
 * many entries lit at least one place.
 */
async function hoverEntries(page, list, most) {
  const entries = page.locator(`${list} > li.log-entry[data-places]`);
  const n = await entries.count();
  assert.ok(n > 0, `${list}: some entries carry places`);
  let lit = 0;
  for (let k = n - 1; k >= Math.max(0, n - most); k--) {
    const entry = entries.nth(k);
    await entry.scrollIntoViewIfNeeded();
    await entry.hover();
    const seen = await page.evaluate((el) => {
      const places = JSON.parse(el.dataset.places);
      const board = document.getElementById('board');
      const litPlaces = [...board.querySelectorAll('.linked[data-place]')].map((x) => x.dataset.place);
      // What each place should light: itself, or, for a corner no longer
      // drawn, the hexes that meet there.
      const want = new Set();
      for (const p of places) {
        if (board.querySelector(`[data-place="${CSS.escape(p)}"]`)) want.add(p);
        else for (const hex of p.split(/[/ ]/)) if (board.querySelector(`[data-place="${CSS.escape(hex)}"]`)) want.add(hex);
      }
      return { places, lit: [...new Set(litPlaces)].sort(), want: [...want].sort(), entryLit: el.classList.contains('linked') };
    }, await entry.elementHandle());
    assert.ok(seen.entryLit, `the hovered entry is lit (${seen.places})`);
    assert.deepEqual(seen.lit, seen.want, `hovering an entry naming ${JSON.stringify(seen.places)} lights exactly its places`);
    if (seen.lit.length) lit++;
  }
  return lit;
}

/** The step shown and the log entries visible. */
async function shown(page) {
  return page.evaluate(() => ({
    step: Number(document.body.dataset.step),
    visible: document.querySelectorAll('#replay-log > li:not(.later)').length,
    current: document.querySelector('#replay-log > li.current')?.dataset.step ?? null,
    board: document.getElementById('board').innerHTML.length,
    boardHtml: document.getElementById('board').innerHTML,
  }));
}

async function waitStep(page, n) {
  await page.waitForFunction((k) => document.body.dataset.step === String(k), n, { timeout: 20000 });
}

/** The end-of-game panel: every seat's parts add up to its total and the ranking's score. */
async function assertBreakdown(page, outcome, where) {
  await page.waitForSelector('#score-breakdown', { timeout: 20000 });
  const seats = await page.evaluate(() => [...document.querySelectorAll('#score-breakdown .score-seat')].map((d) => ({
    seat: Number(d.dataset.seat),
    total: Number(d.dataset.total),
    parts: [...d.querySelectorAll('.part-points')].map((c) => Number(c.textContent.replace('−', '-'))),
  })));
  assert.equal(seats.length, outcome.scores.length, where);
  for (const s of seats) {
    assert.equal(s.total, outcome.scores[s.seat], `${where}: seat ${s.seat + 1} total`);
    assert.equal(s.parts.reduce((a, b) => a + b, 0), s.total, `${where}: seat ${s.seat + 1} parts ${s.parts}`);
  }
  const tie = await page.textContent('#tie-break');
  assert.match(tie, /^(Ties|Tie broken): \S/, where);
}

test('the replay viewer steps through finished games of the three games; the end panel adds up; rematch', { timeout: 8 * 60 * 1000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-replay-'));
  const { proc, base } = await startServer(dir);
  const desktop = await launch({ width: 1366, height: 768, name: 'Ann' });
  const phone = await launch({ width: 390, height: 844, mobile: true, name: 'Ben' });
  try {
    const errors = [];
    for (const b of [desktop, phone]) {
      b.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
    }
    const games = {};
    for (const game of ['ds', 'marine', 'pangea']) games[game] = await finishedBotGame(base, game);

    // Dominant Species, in depth: keys, buttons, slider.
    const ds = games.ds;
    const page = await desktop.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/replay/${ds.id}`);
    await waitStep(page, 0);
    const start = await shown(page);
    assert.equal(start.visible, 0, 'no log at the start');
    assert.match(await page.textContent('#replay-count'), new RegExp(`Step 0 / ${ds.move}$`));
    await assertNoNullText(page, 'ds step 0');
    // The cards on show read as at the table: their texts from the catalog.
    const texts = await page.locator('#board .card[data-card] .card-text').allTextContents();
    assert.ok(texts.length > 0 && texts.every((t) => t.trim().length > 20), `Dominance card texts at step 0: ${JSON.stringify(texts)}`);
    for (let i = 1; i <= 6; i++) {
      await page.keyboard.press('ArrowRight');
      await waitStep(page, i);
      const now = await shown(page);
      assert.equal(now.visible, i, `log up to step ${i}`);
      assert.equal(now.current, String(i), `step ${i}'s own entry is marked`);
    }
    const six = await shown(page);
    assert.notEqual(six.boardHtml, start.boardHtml, 'the board moves with the steps');
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 5);
    assert.equal((await shown(page)).visible, 5);
    await page.click('#replay-back');
    await waitStep(page, 4);
    await page.click('#replay-forward');
    await waitStep(page, 5);
    // The slider: half way.
    const half = Math.floor(ds.move / 2);
    await page.locator('#replay-slider').evaluate((el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, half);
    await waitStep(page, half);
    assert.equal((await shown(page)).visible, half, 'the log follows the slider');
    await assertNoNullText(page, `ds step ${half}`);
    await page.keyboard.press('End');
    await waitStep(page, ds.move);
    assert.equal((await shown(page)).visible, ds.move);
    await assertBreakdown(page, ds.outcome, 'ds replay end');
    await assertNoNullText(page, 'ds last step');
    // Both seats are bots, told by their `bot` field: a badge in the seat list and the final table.
    assert.equal(await page.locator('#players .bot-badge').count(), 2, 'a bot badge on each seat');
    assert.equal(await page.locator('#final-scores .final-table .bot-badge').count(), 2, 'a bot badge in the final table');
    await page.keyboard.press('Home');
    await waitStep(page, 0);
    assert.equal((await shown(page)).visible, 0);
    await page.click('#replay-last');
    await waitStep(page, ds.move);
    await page.click('#replay-first');
    await waitStep(page, 0);

    // Autoplay at the fastest speed runs on by itself; a pause stops it where it is.
    await page.selectOption('#replay-speed', '80');
    await page.click('#replay-play');
    await page.waitForFunction(() => Number(document.body.dataset.step) >= 4, null, { timeout: 20000 });
    assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'true');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.body.dataset.autoplay === 'off');
    const paused = Number(await page.evaluate(() => document.body.dataset.step));
    await page.waitForTimeout(500);
    assert.equal(Number(await page.evaluate(() => document.body.dataset.step)), paused, 'a paused replay stays where it is');
    // A click on a later log entry jumps there; the link follows the step shown.
    const target = Math.min(ds.move, paused + 20);
    await page.locator(`#replay-log > li[data-step="${target}"]`).click();
    await waitStep(page, target);
    assert.equal((await shown(page)).current, String(target));
    assert.match(page.url(), new RegExp(`#step=${target}$`));
    // The jump list: where each turn begins, from the engine; picking one goes there.
    const chapters = (await json(base, 'GET', `/api/games/${ds.id}/replay`)).chapters;
    assert.equal(chapters[0].title, 'Turn 1');
    assert.ok(chapters.length >= 3, JSON.stringify(chapters));
    assert.equal(await page.locator('#replay-chapter option').count(), chapters.length);
    await page.selectOption('#replay-chapter', String(chapters[2].step));
    await waitStep(page, chapters[2].step);
    assert.equal(await page.$eval('#replay-chapter', (el) => el.selectedOptions[0].textContent), 'Turn 3');
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, chapters[2].step - 1);
    assert.equal(await page.$eval('#replay-chapter', (el) => el.selectedOptions[0].textContent), 'Turn 2', 'the list follows the step');
    // A link to a step opens the replay there.
    const linked = await desktop.newPage();
    await linked.goto(`${base}/replay/${ds.id}#step=7`);
    await waitStep(linked, 7);
    assert.equal((await shown(linked)).visible, 7);
    await linked.close();

    // A log entry lights the places it names, from the places the engines
    // give with it (never read from its words): at the table, as a
    // spectator, and in the replay, for each game.
    for (const game of ['ds', 'marine', 'pangea']) {
      const id = games[game].id;
      // The API: entries carry places; every one is a label the texts write.
      const replay = await json(base, 'GET', `/api/games/${id}/replay`);
      const withPlaces = replay.log.filter((e) => e.places.length);
      assert.ok(withPlaces.length > 10, `${game}: ${withPlaces.length} replay entries name places`);
      for (const e of withPlaces) {
        const words = [e.choice, ...e.events].join(' ');
        for (const p of e.places) {
          const cells = p.split('/').map((c) => c.split(' ')[0]);
          assert.ok(cells.every((c) => words.includes(c)), `${game}: ${p} is named in “${words}”`);
        }
      }
      // The table, as a spectator.
      await page.goto(`${base}/play/${id}`);
      await page.waitForSelector('#log .log-entry');
      const atTable = await hoverEntries(page, '#log .log-list', 12);
      assert.ok(atTable > 0, `${game}: hovering entries at the table lit places`);
      // The replay viewer.
      await page.goto(`${base}/replay/${id}`);
      await page.waitForSelector('#replay-log .log-entry');
      const inReplay = await hoverEntries(page, '#replay-log', 12);
      assert.ok(inReplay > 0, `${game}: hovering entries in the replay lit places`);
    }

    // Marine and Pangea, on a phone: a step forward, the end, the table's end panel.
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(e.message));
    for (const game of ['marine', 'pangea', 'ds']) {
      const g = games[game];
      await small.goto(`${base}/replay/${g.id}`);
      await waitStep(small, 0);
      await small.click('#replay-forward');
      await waitStep(small, 1);
      assert.equal((await shown(small)).visible, 1);
      await small.click('#replay-last');
      await waitStep(small, g.move);
      await assertBreakdown(small, g.outcome, `${game} replay end`);
      await assertNoNullText(small, `${game} replay end`);
      const [width, wide] = await small.evaluate(() => [document.documentElement.scrollWidth,
        [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > 392).slice(-4).map((el) => `${el.tagName}.${el.getAttribute('class')}: ${el.textContent.slice(0, 60)}`)]);
      assert.ok(width <= 392, `${game}: the replay fits 390 px (${width}: ${wide.join(' | ')})`);
      // The table of the finished game, as a spectator: the same breakdown, a Replay link.
      await small.goto(`${base}/play/${g.id}`);
      await assertBreakdown(small, g.outcome, `${game} table`);
      assert.equal(await small.getAttribute('#replay-link', 'href'), `/replay/${g.id}`);
      await assertNoNullText(small, `${game} table end`);
    }

    // The lobby lists finished games with a Replay link.
    await page.goto(`${base}/`);
    await page.waitForSelector(`a.replay-link[href="/replay/${ds.id}"]`, { timeout: 20000 });
    assert.ok(await page.locator('#recent .bot-badge').count() >= 2, 'the lobby marks bot seats');

    // The end panel says why the winner won: here (Pangea, seed 26, random
    // bots) the seat with more dominance has no animal left, so it cannot win.
    const doomed = await json(base, 'POST', '/api/games', { game: 'pangea', players: 2, seed: 26, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] });
    for (let i = 0; i < 600 && !(await json(base, 'GET', `/api/games/${doomed.id}`)).over; i++) await new Promise((ok) => setTimeout(ok, 100));
    await small.goto(`${base}/play/${doomed.id}`);
    await small.waitForSelector('#final-why');
    assert.match(await small.textContent('#final-why'), /^Sauropsida had 5 dominance points but no animal left on the board, and only a player with an animal on the board can win\.$/);
    // Elsewhere it gives the winning total and the lead, one point as "1 point".
    for (const game of ['ds', 'marine', 'pangea']) {
      await small.goto(`${base}/play/${games[game].id}`);
      await small.waitForSelector('#final-scores');
      const why = await small.textContent('#final-scores');
      assert.doesNotMatch(why, /\b1 points\b/, `${game}: "1 points"`);
    }

    // A running game has no replay.
    const running = await json(base, 'POST', '/api/games', { game: 'ds', players: 2, seats: [{}, { kind: 'bot', bot: 'random' }] });
    await page.goto(`${base}/replay/${running.id}`);
    await page.waitForSelector('#replay-error');
    assert.match(await page.textContent('#replay-error'), /still being played/);

    // Rematch: two seated players of a finished game (Pangea solo has one seat;
    // a 2-player Pangea game with two humans is short enough to play by API).
    const g = await json(base, 'POST', '/api/games', { game: 'pangea', players: 2, seats: [{ name: 'Ann' }, { name: 'Ben' }] });
    const tokens = [];
    for (const t of g.tokens) tokens[t.seat] = (await json(base, 'POST', '/api/claim', { token: t.token })).token;
    for (let i = 0; i < 5000; i++) {
      let acted = false;
      let over = false;
      for (const t of tokens) {
        const v = await json(base, 'GET', `/api/games/${g.id}/view`, undefined, t);
        if (v.over) { over = true; break; }
        if (!v.legal.length) continue;
        await json(base, 'POST', `/api/games/${g.id}/choice`, { move: v.move, index: v.legal[(i * 7) % v.legal.length].index }, t);
        acted = true;
      }
      if (over) break;
      assert.ok(acted || i < 4999, 'the humans play the game to its end');
    }
    const ann = await desktop.newPage();
    await ann.goto(`${base}/play/${g.id}#t=${tokens[0]}`);
    await ann.waitForSelector('#rematch-btn');
    assert.equal((await ann.textContent('#rematch-btn')).trim(), 'Rematch');
    const ben = await phone.newPage();
    await ben.goto(`${base}/play/${g.id}#t=${tokens[1]}`);
    await ben.waitForSelector('#rematch-btn');
    await ann.click('#rematch-btn');
    await ann.waitForURL(/\/play\/[0-9a-f]+#t=[0-9a-f]{64}$/);
    const newId = new URL(ann.url()).pathname.split('/').pop();
    assert.notEqual(newId, g.id);
    await ann.waitForSelector('#topinfo .badge');
    assert.match(await ann.textContent('#topinfo'), /you: Ann/);
    // Ben's table learns of it over its WebSocket.
    await ben.waitForFunction(() => document.getElementById('rematch-btn')?.textContent.trim() === 'Join the rematch', null, { timeout: 20000 });
    await ben.click('#rematch-btn');
    await ben.waitForURL(new RegExp(`/play/${newId}#t=`));
    await ben.waitForSelector('#topinfo .badge');
    assert.match(await ben.textContent('#topinfo'), /you: Ben/);
    // A player of a finished game opens its replay at the end, where it was decided.
    const steps = (await json(base, 'GET', `/api/games/${g.id}/replay`)).steps;
    await ann.goto(`${base}/replay/${g.id}`);
    await waitStep(ann, steps - 1);
    await ann.waitForSelector('#final-scores');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await desktop.close();
    await phone.close();
    proc.kill('SIGKILL');
  }
});
