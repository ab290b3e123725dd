// Clocks and "your move" alerts in headless Chromium (issue 21):
// - two browsers play a game with a clock; one player leaves, their time runs
//   out, and a bot plays their seat (the other browser shows it "away");
//   back at the table, "I'm back" takes the seat back;
// - the notification path: with notifications allowed (the permission is
//   granted in the test's browser context) and the tab hidden, the table
//   shows a browser notification and plays its sound when the move comes.
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

async function create(base, body) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(r.status, 201);
  return r.json();
}

async function view(base, id) {
  return (await fetch(`${base}/api/games/${id}/view`)).json();
}

/** Waits until `until(view)` holds of the game's public view, playing `page`'s seat whenever it is to move. */
async function playUntil(base, id, page, until, what) {
  const start = Date.now();
  for (;;) {
    const v = await view(base, id);
    if (until(v)) return v;
    assert.ok(Date.now() - start < 90000, `waited too long for ${what}`);
    if (await page.locator('body.my-turn #choice-list button.choice-item').count()) {
      const move = Number(await page.evaluate(() => document.body.dataset.move));
      await page.locator('#choice-list button.choice-item').first().click().catch(() => {});
      await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move, { timeout: 10000 }).catch(() => {});
    } else {
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
}

test('a player who leaves runs out of time, a bot plays their seat, and "I\'m back" takes it back', { timeout: 180000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-clock-test-'));
  const { proc, base } = await startServer(dir, ['--bot-pace-ms', '300']);
  const ann = await launch({ name: 'Ann' });
  const ben = await launch({ name: 'Ben' });
  try {
    const created = await create(base, {
      game: 'ds', players: 2, seed: 12, seats: [{}, {}],
      clock: { per_decision_s: 4 }, on_timeout: 'random',
    });
    const annPage = ann.pages()[0] || await ann.newPage();
    const errors = [];
    annPage.on('pageerror', (e) => errors.push(e.message));
    await annPage.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await annPage.waitForSelector('body[data-move]');
    let benPage = ben.pages()[0] || await ben.newPage();
    await benPage.goto(`${base}/play/${created.id}#t=${created.tokens[1].token}`);
    await benPage.waitForSelector('body[data-move]');
    const benUrl = benPage.url();
    // The clock is on the table: its rule, and a countdown for the seat to move.
    await annPage.waitForSelector('#clock-rule');
    assert.match(await annPage.textContent('#clock-rule'), /4 s a decision; out of time, a bot \(random\) plays the seat/);
    await annPage.waitForSelector('#players .seat-clock.running');
    const mover = await playUntil(base, created.id, annPage, (v) => v.to_move === 1, "Ben's move");
    assert.equal(mover.clock.running.seat, 1);
    await benPage.waitForSelector('body.my-turn #my-clock');

    // Ben walks away; his time runs out; the table shows him away and a bot plays for him.
    await benPage.close();
    const away = await playUntil(base, created.id, annPage, (v) => v.seats[1].away, 'Ben away');
    await annPage.waitForSelector('#players .away-badge');
    await playUntil(base, created.id, annPage, (v) => v.move > away.move + 2, "the bot's moves for Ben");
    const log = await (await fetch(`${base}/api/games/${created.id}/log`)).json();
    assert.ok(log.entries.slice(away.move).some((e) => e.seat === 1), 'the stand-in chose for seat 2');
    assert.ok(log.entries.filter((e) => e.seat === 1).every((e) => e.stand_in === 'random'), 'each of seat 2’s choices is the stand-in’s');
    assert.ok(log.entries.filter((e) => e.seat === 0).every((e) => e.stand_in === null), 'Ann’s are her own');
    // The table names the stand-in's choices as the bot's, never as Ben's.
    await annPage.waitForSelector('#log .log-who.stand-in');
    const whos = await annPage.locator('#log .log-who').allTextContents();
    assert.ok(whos.includes('Bot for Ben') && !whos.includes('Ben'), `the log's names: ${[...new Set(whos)]}`);

    // Ben comes back: the table says what happened, and "I'm back" takes the seat back.
    benPage = await ben.newPage();
    benPage.on('pageerror', (e) => errors.push(e.message));
    await benPage.goto(benUrl);
    await benPage.waitForSelector('#away-notice');
    assert.match(await benPage.textContent('#away-notice'), /Your time ran out: a bot \(random\) decides for you/);
    // His own table too: the bot's choices are not his.
    assert.ok(await benPage.locator('#log .log-who.stand-in').count() > 0, 'Ben reads the bot’s choices as the bot’s');
    assert.equal(await benPage.locator('#log .log-entry.mine').count(), 0, 'none of them is marked as his');
    await benPage.click('#im-back');
    await benPage.waitForSelector('#away-notice', { state: 'detached' });
    assert.equal((await view(base, created.id)).seats[1].away, false);
    await annPage.waitForSelector('#players .away-badge', { state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await ann.close();
    await ben.close();
    proc.kill('SIGKILL');
  }
});

test('with notifications allowed and the tab hidden, the move comes with a notification and a sound', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-notify-test-'));
  const { proc, base } = await startServer(dir);
  const ann = await launch({ name: 'Ann' });
  try {
    await ann.grantPermissions(['notifications'], { origin: base });
    // Keep the real Notification, and note each one shown.
    await ann.addInitScript(() => {
      const Real = window.Notification;
      if (!Real) return;
      window.__shown = [];
      class Noted extends Real {
        constructor(title, options) { super(title, options); window.__shown.push({ title, body: options && options.body }); }
      }
      window.Notification = Noted;
    });
    const created = await create(base, { game: 'ds', players: 2, seed: 3, seats: [{}, {}] });
    const page = ann.pages()[0] || await ann.newPage();
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('#alerts');
    assert.equal(await page.isChecked('#alert-sound'), true, 'the sound is on by default');
    // Asked for only on the player's click.
    assert.equal(await page.evaluate(() => localStorage.getItem('eons.notify')), null);
    await page.click('#alert-notify');
    await page.waitForSelector('#alert-notify-state');
    assert.match(await page.textContent('#alert-notify-state'), /Notifications on/);

    // Play to the other seat's move, hide the tab, and let the other seat move.
    const claim = await (await fetch(`${base}/api/claim`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: created.tokens[1].token, name: 'Ben' }),
    })).json();
    const start = Date.now();
    let v = await view(base, created.id);
    while (v.to_move !== 1) {
      assert.ok(Date.now() - start < 60000, 'Ben never got a move');
      await page.waitForSelector('body.my-turn #choice-list button.choice-item');
      const move = Number(await page.evaluate(() => document.body.dataset.move));
      await page.locator('#choice-list button.choice-item').first().click();
      await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
      v = await view(base, created.id);
    }
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    });
    const chimed = Number(await page.evaluate(() => document.body.dataset.chimed || 0));
    for (;;) {
      const bens = await (await fetch(`${base}/api/games/${created.id}/view?token=${claim.token}`)).json();
      if (bens.to_move !== 1) break;
      const r = await fetch(`${base}/api/games/${created.id}/choice?token=${claim.token}`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ move: bens.move, index: bens.legal[0].index }),
      });
      assert.equal(r.status, 200);
    }
    await page.waitForFunction(() => window.__shown.length > 0);
    const shown = await page.evaluate(() => window.__shown);
    assert.equal(shown[0].title, 'Your move — Dominant Species');
    assert.ok(shown[0].body.length > 0, 'the notification says what is asked');
    assert.ok(Number(await page.evaluate(() => document.body.dataset.chimed)) > chimed, 'and the sound played');
    assert.match(await page.title(), /^● /, 'the title says it too');
  } finally {
    await ann.close();
    proc.kill('SIGKILL');
  }
});

test('without a clock, the other player votes an absent one away and a bot plays their seat', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-vote-test-'));
  const { proc, base } = await startServer(dir, ['--absent-after-s', '2', '--bot-pace-ms', '200']);
  const ann = await launch({ name: 'Ann' });
  try {
    const created = await create(base, { game: 'ds', players: 2, seed: 12, seats: [{}, {}] });
    // Ben claims his seat and walks away: he is to move first in this deal.
    const ben = await (await fetch(`${base}/api/claim`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: created.tokens[1].token, name: 'Ben' }),
    })).json();
    assert.equal(ben.seat, 1);
    const page = ann.pages()[0] || await ann.newPage();
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('body[data-move]');
    assert.equal((await view(base, created.id)).to_move, 1, 'Ben is to move');
    // The button comes once he has been deciding for 2 s.
    await page.waitForSelector('#vote-away', { timeout: 20000 });
    assert.match(await page.textContent('#vote-away'), /Ben is away\? Let a bot play for them/);
    await page.click('#vote-away');
    await page.waitForSelector('#players .away-badge');
    await playUntil(base, created.id, page, (v) => v.move >= 2, 'the bot playing for Ben');
    const log = await (await fetch(`${base}/api/games/${created.id}/log`)).json();
    assert.equal(log.entries[0].seat, 1, 'the bot chose for Ben');
  } finally {
    await ann.close();
    proc.kill('SIGKILL');
  }
});
