// Browser test (issue 36): finding a game in the lobby. The filters (a
// game, a player's name, games with friends) narrow the lists, the server
// doing the filtering, and live in the page's address so that a reload
// keeps them; the games this browser plays in come first, marked "yours";
// a clock of the player's own times is created as asked; and the learned
// bot is offered only for a game and player count with a value network.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

async function create(base, body) {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 201, await r.clone().text());
  return (await r.json()).id;
}

/** The game ids the lobby's list of games on this server shows. */
function listed(page) {
  return page.evaluate(() => [...document.querySelectorAll('#recent-list .game-item')].map((li) => li.dataset.game));
}

test('the lobby finds games by game, player and friends, keeps the filters, and makes a clock of my own times', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-lobby-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ width: 390, height: 844, mobile: true, name: 'Zoe' });
  try {
    const bot = { kind: 'bot', bot: 'random' };
    const annDs = await create(base, { game: 'ds', players: 2, seats: [{ name: 'Ann Lee' }, bot] });
    const benMarine = await create(base, { game: 'marine', players: 2, seats: [{ name: 'Ben' }, { name: 'Cy' }] });
    const annPangea = await create(base, { game: 'pangea', players: 2, seats: [{ name: 'ann' }, { name: 'Dee' }] });
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/`);
    await page.waitForSelector('#recent-list');
    assert.deepEqual(new Set(await listed(page)), new Set([annDs, benMarine, annPangea]));

    // One game kind.
    await page.selectOption('#find-game', 'ds');
    await page.waitForFunction((id) => [...document.querySelectorAll('#recent-list .game-item')].map((li) => li.dataset.game).join() === id, annDs);
    // A player's name, in any case, with the kind cleared.
    await page.selectOption('#find-game', '');
    await page.fill('#find-player', 'ANN');
    await page.waitForFunction(() => document.querySelectorAll('#recent-list .game-item').length === 2);
    assert.deepEqual(new Set(await listed(page)), new Set([annDs, annPangea]));
    // With friends: Ann against a bot drops out.
    await page.check('#find-friends');
    await page.waitForFunction((id) => [...document.querySelectorAll('#recent-list .game-item')].map((li) => li.dataset.game).join() === id, annPangea);
    assert.match(page.url(), /\?player=ANN&friends=1$/);
    // A reload keeps the filters, in the form and the list.
    await page.reload();
    await page.waitForSelector('#recent-list');
    assert.equal(await page.inputValue('#find-player'), 'ANN');
    assert.equal(await page.isChecked('#find-friends'), true);
    assert.deepEqual(await listed(page), [annPangea]);
    // Nothing matches: the lists say so.
    await page.fill('#find-player', 'nobody here');
    await page.waitForFunction(() => /No game matches the filters/.test(document.getElementById('recent').textContent));

    // A game of my own times: 90 s a decision and a 2-hour bank.
    await page.goto(`${base}/`);
    await page.waitForSelector('#create-game');
    // The learned bot is offered only where the server has a value network
    // for the game and player count (`learned_bot_players`: Pangea with 4
    // players has one, Marine with 2 none).
    const seatOffers = () => page.evaluate(() => [...document.querySelectorAll('select.seat-kind[data-seat="1"] option')].map((o) => o.value));
    await page.selectOption('#new-game', 'pangea');
    await page.selectOption('#new-players', '4');
    assert.ok((await seatOffers()).includes('bot:mcts:learned'), (await seatOffers()).join());
    await page.selectOption('.seat-kind[data-seat="1"]', 'bot:mcts:learned');
    // On the phone the seats' long choices ("Anyone (an open seat, …)") stay inside the page.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'no sideways scrolling');
    await page.selectOption('#new-game', 'marine');
    await page.selectOption('#new-players', '2');
    assert.ok(!(await seatOffers()).includes('bot:mcts:learned'), (await seatOffers()).join());
    assert.equal(await page.inputValue('.seat-kind[data-seat="1"]'), 'bot:greedy', 'a seat whose bot is not offered gets a greedy bot');
    await page.selectOption('#new-game', 'ds');
    assert.equal(await page.isVisible('#custom-clock'), false, 'the free values show only for "My own times"');
    await page.selectOption('#new-clock', 'custom');
    await page.fill('#new-clock-decision', '90');
    await page.selectOption('#new-clock-decision-unit', 's');
    await page.fill('#new-clock-bank', '2');
    await page.selectOption('#new-clock-bank-unit', 'h');
    await page.click('#create-game');
    await page.waitForURL(/\/play\/[0-9a-f]+#t=/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const clock = (await (await fetch(`${base}/api/games/${id}`)).json()).clock;
    assert.equal(clock.per_decision_ms, 90000, JSON.stringify(clock));
    assert.equal(clock.bank_ms, 7200000, JSON.stringify(clock));
    // Back in the lobby, my game comes first, marked as mine.
    await page.goto(`${base}/`);
    await page.waitForSelector('#recent-list');
    assert.equal((await listed(page))[0], id);
    assert.match(await page.textContent(`#recent-list .game-item[data-game="${id}"]`), /yours/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill();
  }
});
