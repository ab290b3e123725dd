// Browser test: seeing what just happened. In a Dominant Species game against
// a bot, the board marks the bot's last move, your turn opens with a summary
// of what the bot did since your previous choice, pausing the bots holds them
// until you continue, and the marks are back right after a reload. Marine and
// Pangea tables (at phone size) mark last moves too.
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER } from './browser.mjs';

async function createGame(base, req) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(req),
  });
  assert.equal(r.status, 201);
  return r.json();
}

/** Waits until it is my turn at the table (the bots have moved). */
async function myTurn(page) {
  await page.waitForSelector('body.my-turn:not(.busy)', { timeout: 60000 });
}

/** Makes the first choice of the list and waits for the table to show the next move. */
async function chooseFirst(page) {
  const move = await page.evaluate(() => document.body.dataset.move);
  await page.locator('#choice-list button').first().click();
  await page.waitForFunction((m) => document.body.dataset.move !== m, move, { timeout: 60000 });
}

test('the board marks last moves, the summary and the bot pause work in Chromium', { timeout: 120000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-happened-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ name: 'Ann' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const created = await createGame(base, {
      game: 'ds', players: 2, seed: 3,
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', bot: 'random' }],
    });
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('body[data-move]');

    // Play until the bot's last move changed the board (its marks) and it is my turn.
    let botMarks = 0;
    for (let i = 0; i < 200 && botMarks === 0; i++) {
      await myTurn(page);
      botMarks = await page.locator('.hm-mark[data-mark-seat="1"]').count();
      if (botMarks === 0) await chooseFirst(page);
    }
    assert.ok(botMarks > 0, 'the bot’s last move is marked on the board');
    // This player did not ask for less motion: the board's choices pulse.
    const pulsing = await page.evaluate(() => [...document.querySelectorAll('#board .legal, #board .legal *')]
      .filter((el) => getComputedStyle(el).animationName !== 'none').length);
    assert.ok(pulsing > 0, 'the highlighted choices pulse');
    // Each mark sits on a place of the board the view names.
    const marks = await page.evaluate(() => [...document.querySelectorAll('.hm-mark[data-mark-seat="1"]')]
      .map((g) => [g.dataset.markPlace, g.dataset.markKind]));
    const view = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
    const expected = view.marks.find((m) => m.seat === 1).changes.map((c) => [c.place, c.kind]);
    for (const [place, kind] of marks) {
      assert.ok(expected.some(([p, k]) => p === place && k === kind), `${place} ${kind} is one of the bot’s changes`);
    }
    for (const [place] of expected) {
      assert.ok(marks.some(([p]) => p === place), `the change at ${place} is drawn`);
    }

    // The summary of what the bot did since my previous choice, in the log's words.
    const summary = page.locator('#happened');
    await summary.waitFor();
    const log = (await (await fetch(`${base}/api/games/${created.id}/log`)).json()).entries;
    let k = log.length;
    while (k > 0 && log[k - 1].seat !== 0) k--;
    const since = log.slice(k);
    assert.ok(since.length > 0 && since.every((e) => e.seat === 1));
    const text = await summary.innerText();
    assert.match(text, /Since your last move/);
    assert.ok(text.includes(since[since.length - 1].choice), `the summary names “${since[since.length - 1].choice}”`);
    // Hovering the bot's group lights up its marks; dismissing hides the summary.
    await summary.locator('.hp-group[data-seat="1"]').hover();
    assert.ok(await page.locator('.hm-mark.hm-hl[data-mark-seat="1"]').count() > 0);
    await page.locator('#happened-close').click();
    assert.equal(await summary.count(), 0);

    // Pause: with the bot to move, nothing happens until I continue.
    await page.locator('#pace-pause').click();
    await page.waitForSelector('#bot-pace[data-paused="true"]');
    assert.match(await page.locator('#bot-pace').innerText(), /paused by you/);
    for (let i = 0; i < 50; i++) {
      await chooseFirst(page);
      const st = await page.evaluate(() => document.body.classList.contains('my-turn'));
      if (!st) break;
    }
    assert.ok(!(await page.evaluate(() => document.body.classList.contains('my-turn'))), 'the bot is to move');
    const held = await page.evaluate(() => document.body.dataset.move);
    await page.waitForTimeout(1500);
    assert.equal(await page.evaluate(() => document.body.dataset.move), held, 'a paused bot does not move');
    await page.locator('#pace-continue').click();
    await page.waitForFunction((m) => document.body.dataset.move !== m, held, { timeout: 30000 });
    await page.waitForSelector('#bot-pace[data-paused="false"]');

    // The marks are there right after opening the table again.
    await myTurn(page);
    await page.reload();
    await page.waitForSelector('body[data-move]');
    await page.waitForSelector('.hm-mark', { timeout: 10000 });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});

test('Marine and Pangea tables mark last moves too (phone size)', { timeout: 120000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-happened-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ width: 390, height: 844, mobile: true, name: 'Ann' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const game of ['marine', 'pangea']) {
      const created = await createGame(base, {
        game, players: 2, seed: 9,
        seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }],
      });
      // Let the bots play a while, then watch.
      for (let i = 0; i < 200; i++) {
        const v = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
        if (v.move > 40 && v.marks.length === 2) break;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      await page.goto(`${base}/play/${created.id}`);
      await page.waitForSelector('body[data-move]');
      await page.waitForSelector('.hm-mark', { timeout: 10000 });
      const view = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
      // Every place a mark names is a place the board draws.
      const places = await page.evaluate(() => [...new Set([...document.querySelectorAll('.hm-mark')].map((g) => g.dataset.markPlace))]);
      assert.ok(places.length > 0, `${game}: marks drawn`);
      for (const m of view.marks) {
        for (const c of m.changes) {
          if (!c.place.includes('/')) {
            assert.ok(await page.locator(`[data-place="${c.place}"]`).count() > 0, `${game}: the board has ${c.place}`);
          }
        }
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});
