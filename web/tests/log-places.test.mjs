// Browser test: pointing at a log entry lights the board places it names,
// from the places the engines give with each entry (`places`), never by
// reading its words. For a finished two-player game of bots of each game,
// at the table (as a spectator) and in the replay viewer: every entry that
// names places carries them, and hovering one lights exactly those places
// on the board (a corner whose element left: the hexes that meet there).
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER } from './browser.mjs';

async function json(base, method, path, body) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await r.json().catch(() => null);
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

/** A two-player game of `game` between random bots, played to the end. */
async function finishedBotGame(base, game) {
  const g = await json(base, 'POST', '/api/games', { game, players: 2, seed: 5, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] });
  for (let i = 0; i < 1200; i++) {
    const sum = await json(base, 'GET', `/api/games/${g.id}`);
    if (sum.over) return g.id;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`game ${g.id} did not end`);
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

test('a log entry lights the places it names, at the table and in the replay', { timeout: 240000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-log-places-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ name: 'Ann' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const game of ['ds', 'marine', 'pangea']) {
      const id = await finishedBotGame(base, game);
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
      // The replay viewer, at its end.
      await page.goto(`${base}/replay/${id}`);
      await page.waitForSelector('#replay-log .log-entry');
      const inReplay = await hoverEntries(page, '#replay-log', 12);
      assert.ok(inReplay > 0, `${game}: hovering entries in the replay lit places`);
    }
    assert.deepEqual(errors, [], 'no script error');
  } finally {
    await browser.close();
    proc.kill();
  }
});
