// Browser test: in real headless Chromium, create a Dominant Species game
// against the greedy bot from the lobby, play the human seat to the end by clicking
// (highlighted board targets, prompt-bar buttons, the choice list), now and then
// taking a choice back with the table's "Take back" button, and check that the
// final scores shown match a replay of the stored record (which holds only the
// choices in effect).
//
// Needs: the server binary (EONS_SERVER_BIN, default target-server/release/eons-server
// from the repository root) and Debian's chromium (EONS_CHROMIUM, default /usr/bin/chromium).
// Optional: EONS_SHOTS_DIR=DIR saves screenshots along the way; EONS_PLAY_GAME=marine
// or pangea plays that game instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER, lcg, weighted } from './browser.mjs';

const SHOTS = process.env.EONS_SHOTS_DIR || '';
/** The game to play (ds, marine or pangea); CI plays Dominant Species. */
const GAME = process.env.EONS_PLAY_GAME || 'ds';
const MAX_ACTIONS = 6000;

/** How much the test player likes an eyeball space (by section) or another board target. */
function boardWeight(key) {
  const m = key.match(/^space:(\d+)$/);
  if (!m) return 4;
  const n = Number(m[1]);
  if (n >= 36) return 6; // Domination
  if (n >= 29) return 2; // Competition
  if (n >= 23) return 1; // Migration
  if (n >= 20) return 2; // Wanderlust
  if (n >= 14) return 6; // Speciation
  if (n >= 10) return 0.5; // Glaciation
  if (n >= 8) return 0.5; // Wasteland, Depletion
  if (n >= 4) return 1; // Regression, Abundance
  return 2; // Initiative, Adaptation
}

function promptWeight(text) {
  if (text.includes('forfeit')) return 0.05;
  if (text.includes('skip')) return 0.3;
  if (text.includes('done')) return 0.5;
  return 1;
}

test(`a full ${GAME} game clicked through in Chromium matches the stored record`, { timeout: 40 * 60 * 1000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-test-'));
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const { proc, base } = await startServer(dir);
  const browser = await launch({ width: 1366, height: 768, reducedMotion: 'reduce' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

    // Lobby: name, game, seats (me vs a random bot), a fixed seed.
    await page.goto(`${base}/`);
    await page.fill('#my-name', 'Tester');
    await page.selectOption('#new-game', GAME);
    await page.selectOption('#new-players', '2');
    await page.selectOption('select.seat-kind[data-seat="1"]', 'bot:greedy');
    await page.fill('#new-seed', '2024');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'lobby.png') });
    await page.click('#create-game');
    await page.waitForURL(/\/play\/[0-9a-f]+#t=/);
    const id = page.url().match(/\/play\/([0-9a-f]+)/)[1];
    await page.waitForSelector('body[data-move]');
    // The bot is told by its seat's `bot` field: one badge, on seat 2, none on mine.
    await page.waitForSelector('#players .seat-list');
    assert.deepEqual(await page.locator('#players .seat-list > li').evaluateAll((items) => items.map((li) => !!li.querySelector('.bot-badge'))), [false, true]);

    const pick = lcg(7);
    let actions = 0;
    let boardClicks = 0;
    let undos = 0;
    let lastMove = -1;
    let stuck = 0;
    while (actions < MAX_ACTIONS) {
      // Wait until it is my move, or the game is over.
      await page.waitForFunction(() => document.body.dataset.over === 'true'
        || (document.body.classList.contains('my-turn') && !document.body.classList.contains('busy')), null, { timeout: 120000 });
      if (await page.evaluate(() => document.body.dataset.over === 'true')) break;
      const move = Number(await page.evaluate(() => document.body.dataset.move));
      stuck = move === lastMove ? stuck + 1 : 0;
      assert.ok(stuck < 50, `no progress at move ${move}`);
      lastMove = move;
      if (SHOTS && actions % 150 === 20) await page.screenshot({ path: join(SHOTS, `play-${actions}.png`) });

      // What can be clicked: highlighted board targets, prompt-bar buttons, the
      // list. The "player" prefers sensible actions (a purely random clicker can
      // drive every species extinct, and Dominant Species then never ends).
      const seen = await page.evaluate(() => ({
        board: [...document.querySelectorAll('#board .legal')].map((e) => e.dataset.key || ''),
        prompt: [...document.querySelectorAll('#promptbar button.choice-btn')].map((e) => e.textContent.toLowerCase()),
        list: document.querySelectorAll('#choice-list button.choice-item').length,
      }));
      const r = pick(100);
      // Now and then, take the last choice back: the undo is a move of its own,
      // after which the same seat chooses again.
      if (r < 4 && await page.locator('#undo-btn').count()) {
        await page.click('#undo-btn');
        await page.waitForFunction((m) => document.body.dataset.move === String(m + 1), move, { timeout: 60000 });
        undos += 1;
        actions += 1;
        continue;
      }
      let target;
      if (await page.locator('#picker').count()) {
        // A board target that stands for several choices opened its picker.
        target = page.locator('#picker .picker-btn').nth(pick(await page.locator('#picker .picker-btn').count()));
      } else if (seen.board.length && (r < 75 || !seen.prompt.length)) {
        target = page.locator('#board .legal').nth(weighted(seen.board.map(boardWeight), pick));
        boardClicks += 1;
      } else if (seen.prompt.length && r < 92) {
        target = page.locator('#promptbar button.choice-btn').nth(weighted(seen.prompt.map(promptWeight), pick));
      } else if (seen.list) {
        target = page.locator('#choice-list button.choice-item').nth(pick(seen.list));
      } else { await page.waitForTimeout(50); continue; }
      await target.click({ timeout: 10000 });
      actions += 1;
      // Either the move number changes (choice sent), or the page shows a next
      // step of the same choice (a selected hex, a "which one?" offer).
      await page.waitForFunction((m) => document.body.dataset.move !== String(m)
        || !document.body.classList.contains('busy'), move, { timeout: 60000 });
    }
    await page.waitForSelector('#final-scores', { timeout: 120000 });
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'final.png') });
    const shown = JSON.parse(await page.getAttribute('#final-scores', 'data-scores'));
    const cells = await page.locator('#final-scores .final-table td.num').allTextContents();
    assert.equal(cells.length, 2);

    // The record, replayed by another process, gives the same final scores.
    const rec = await (await fetch(`${base}/api/games/${id}/record`)).text();
    const recFile = join(dir, 'record.json');
    writeFileSync(recFile, rec);
    const replay = JSON.parse(execFileSync(SERVER, ['replay', recFile]).toString());
    assert.deepEqual(shown, replay.outcome.scores, 'scores on screen = scores of the replayed record');
    const summary = await (await fetch(`${base}/api/games/${id}`)).json();
    assert.deepEqual(summary.outcome.scores, replay.outcome.scores);
    const mine = JSON.parse(rec).choices.filter((c) => c.seat === 0).length;
    assert.ok(mine > 20, `the human made ${mine} choices`);
    assert.ok(boardClicks > 10, `clicked the board ${boardClicks} times`);
    assert.ok(undos > 0, 'took a choice back at least once');
    assert.deepEqual(errors, [], 'no errors in the page');
    // A game whose seed nobody chose, watched: no "null"/"undefined" printed anywhere.
    const fresh = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: GAME, players: 2, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] }),
    })).json();
    await page.goto(`${base}/play/${fresh.id}`);
    await page.waitForSelector('body[data-move]');
    const stray = await page.evaluate(() => document.body.innerText.match(/\b(null|undefined|NaN)\b/g));
    assert.equal(stray, null, 'no null, undefined or NaN printed on the table');
    console.log(`game ${id}: ${actions} clicks (${boardClicks} on the board, ${undos} take-backs), ${mine} human choices, scores ${shown.join('-')}`);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});
