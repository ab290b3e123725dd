// Browser test of the coach in the replay viewer (issue 38), in real
// headless Chromium: for a finished game of each of the three games (bots
// only), the replay draws every seat's chances to win step by step from the
// server's analysis (made off the request path: the page waits for it), the
// step shown marked and each seat's chance there in the legend; a click on
// the chart jumps to that step; the biggest drops are listed (a click jumps
// there) and noted in the log in words; at a phone's size it fits the width.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer } from './browser.mjs';

async function json(base, method, path, body) {
  const r = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

/** A game of `game` between greedy bots, played to the end. */
async function finishedBotGame(base, game, players) {
  const seats = Array.from({ length: players }, () => ({ kind: 'bot', bot: 'greedy' }));
  const g = await json(base, 'POST', '/api/games', { game, players, seed: 38, seats });
  for (let i = 0; i < 3000; i++) {
    const sum = await json(base, 'GET', `/api/games/${g.id}`);
    if (sum.over) return sum;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`game ${g.id} did not end`);
}

const stepShown = (page) => page.evaluate(() => Number(document.body.dataset.step));
const chancesStep = (page) => page.evaluate(() => Number(document.body.dataset.chancesStep));

test('the replay draws each seat\'s chances to win, marks the step shown, and notes the biggest drops in the log', { timeout: 10 * 60 * 1000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-chances-'));
  const { proc, base } = await startServer(dir);
  const desktop = await launch({ width: 1366, height: 768, name: 'Ann' });
  const phone = await launch({ width: 390, height: 844, mobile: true, name: 'Ben' });
  try {
    const errors = [];
    // Dominant Species and Marine for four (their networks), Pangea for two (its evaluation).
    for (const [game, players, estimator] of [['ds', 4, 'network ds-4p'], ['marine', 4, 'network marine-4p'], ['pangea', 2, 'evaluate']]) {
      const g = await finishedBotGame(base, game, players);
      const page = await desktop.newPage();
      page.on('pageerror', (e) => errors.push(`${game}: ${e.message}`));
      await page.goto(`${base}/replay/${g.id}`);
      // Made off the request path: the panel says so until the chart comes.
      await page.waitForSelector('#chances');
      await page.waitForSelector('#chances-chart', { timeout: 120000 });
      const analysis = await json(base, 'GET', `/api/games/${g.id}/analysis`);
      assert.equal(analysis.estimator, estimator, game);
      assert.equal(analysis.steps.length, g.move + 1, `${game}: a row per step`);
      assert.equal(await page.locator('#chances-chart .chances-line').count(), players, `${game}: a line per seat`);
      assert.match(await page.getAttribute('#chances-chart', 'aria-label'), new RegExp(`estimated by ${estimator}`));

      // The legend gives each seat's chance at the step shown.
      await page.waitForFunction(() => document.body.dataset.chancesStep === document.body.dataset.step);
      const legend = async () => page.$$eval('#chances-legend li b', (bs) => bs.map((b) => Number(b.textContent.replace('%', ''))));
      const atStart = await legend();
      assert.equal(atStart.length, players);
      const expect = analysis.steps[await stepShown(page)].win.map((p) => Math.round(p * 100));
      assert.deepEqual(atStart, expect, `${game}: the legend reads the step shown`);

      // The biggest drops: listed, dotted on the chart, noted in the log.
      const drops = analysis.drops;
      assert.ok(drops.length > 0, `${game}: some drops`);
      assert.equal(await page.locator('#chances-drops li').count(), drops.length);
      assert.equal(await page.locator('#chances-chart .chances-drop').count(), drops.length);
      const notes = await page.$$eval('#replay-log .log-entry.drop', (els) => els.map((el) => ({ step: Number(el.dataset.step), note: el.querySelector('.drop-note').textContent })));
      assert.deepEqual(notes.map((n) => n.step).sort((a, b) => a - b), [...new Set(drops.map((d) => d.step))].sort((a, b) => a - b), `${game}: a note at each drop's entry`);
      for (const n of notes) {
        assert.match(n.note, /^Here \S.* chances fell from \d+% to \d+%; the bot would have (chosen: \S|made the same choice: the fall came from what followed it\.$)/, `${game}: ${n.note}`);
        assert.doesNotMatch(n.note, /\b(undefined|null|NaN)\b/, n.note);
      }
      // A drop in the list jumps to its step; the chart marks it.
      const first = drops[0];
      await page.locator('#chances-drops button').first().click();
      await page.waitForFunction((k) => document.body.dataset.step === String(k), first.step);
      assert.equal(await chancesStep(page), first.step, `${game}: the chart marks the step shown`);
      const cursor = Number(await page.getAttribute('#chances-chart .chances-cursor', 'x1'));
      assert.ok(Math.abs(cursor - (first.step / g.move) * 1000) < 0.5, `${game}: the mark stands at step ${first.step} (${cursor})`);
      const atDrop = await legend();
      assert.deepEqual(atDrop, analysis.steps[first.step].win.map((p) => Math.round(p * 100)), `${game}: the legend follows the step`);
      // A click on the chart a quarter of the way in shows that step.
      const box = await page.locator('#chances-chart').boundingBox();
      await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);
      const quarter = g.move / 4;
      await page.waitForFunction((q) => Math.abs(Number(document.body.dataset.step) - q) <= Math.max(2, q * 0.02), quarter);
      assert.equal(await chancesStep(page), await stepShown(page));
      await page.close();

      // A phone: the chart and the drops fit the width.
      const small = await phone.newPage();
      small.on('pageerror', (e) => errors.push(`${game} phone: ${e.message}`));
      await small.goto(`${base}/replay/${g.id}`);
      await small.waitForSelector('#chances-chart', { timeout: 60000 });
      const fits = await small.evaluate(() => {
        const chart = document.getElementById('chances-chart').getBoundingClientRect();
        return { page: document.documentElement.scrollWidth, left: chart.left, right: chart.right, height: chart.height };
      });
      assert.ok(fits.page <= 392, `${game}: the replay fits 390 px (${fits.page})`);
      assert.ok(fits.left >= 0 && fits.right <= 390 && fits.height >= 60, `${game}: the chart is whole on a phone ${JSON.stringify(fits)}`);
      await small.close();
    }
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await desktop.close();
    await phone.close();
    proc.kill('SIGKILL');
  }
});
