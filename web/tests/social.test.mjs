// Chat and profiles at the table, in headless Chromium (issue 21):
// - two browsers at one game: what one player writes reaches the other at
//   once (over the WebSocket), shown as text, never as HTML;
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

test('what one player writes in the chat reaches the other at once, as text', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-chat-test-'));
  const { proc, base } = await startServer(dir);
  const ann = await launch({ name: 'Ann' });
  const ben = await launch({ name: 'Ben' });
  try {
    const created = await create(base, { game: 'ds', players: 2, seed: 8, seats: [{}, {}] });
    const annPage = ann.pages()[0] || await ann.newPage();
    const benPage = ben.pages()[0] || await ben.newPage();
    await annPage.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await benPage.goto(`${base}/play/${created.id}#t=${created.tokens[1].token}`);
    await annPage.waitForSelector('#chat-input');
    await benPage.waitForSelector('#chat-input');
    await annPage.fill('#chat-input', 'hello <img src=x onerror=alert(1)> Ben');
    await annPage.click('#chat-send');
    // Ben's page gets it over its socket, without reloading.
    await benPage.waitForFunction(() => document.querySelector('#chat-list').textContent.includes('hello'));
    const line = benPage.locator('#chat-list .chat-line').last();
    assert.equal(await line.textContent(), 'Ann: hello <img src=x onerror=alert(1)> Ben');
    assert.equal(await benPage.locator('#chat-list img').count(), 0, 'shown as text, not HTML');
    // A spectator (a browser that holds no seat) reads, and here may not write.
    const eve = await launch({ name: 'Eve' });
    const watcher = eve.pages()[0] || await eve.newPage();
    await watcher.goto(`${base}/play/${created.id}`);
    await watcher.waitForSelector('#chat-list .chat-line');
    assert.equal(await watcher.locator('#chat-input').count(), 0);
    assert.match(await watcher.textContent('#chat'), /Only the players write here/);
    await eve.close();
  } finally {
    await ann.close();
    await ben.close();
    proc.kill('SIGKILL');
  }
});

test('a profile carried by its link plays a game, and its page shows the finished game with its rating and replay', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-profile-test-'));
  const { proc, base } = await startServer(dir, ['--test-games']);
  const browser = await launch();
  try {
    const made = await (await fetch(`${base}/api/profiles`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann Lee' }),
    })).json();
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The carry link: this browser takes the profile.
    await page.goto(`${base}/profile/Ann%20Lee#k=${made.key}`);
    await page.waitForSelector('#profile-carried');
    assert.equal(await page.textContent('#profile-carried'), 'This browser now plays as Ann Lee.');
    assert.ok(!page.url().includes('#k='), 'the key leaves the address bar');
    // The lobby knows it.
    await page.goto(`${base}/`);
    await page.waitForSelector('#my-profile');
    assert.equal(await page.textContent('#my-profile'), 'Ann Lee');

    // A game against a bot, claimed with the profile's key, played to its end.
    const created = await create(base, { game: 'demo', players: 2, seed: 3, options: ['target=10'], seats: [{}, { kind: 'bot', bot: 'random' }] });
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('body[data-move]');
    assert.match(await page.textContent('#players'), /Ann Lee \(you\)/);
    // The seat list marks the seat a profile holds (its `profile` field), and only that one.
    assert.equal(await page.locator('#players .profile-badge').count(), 1);
    assert.equal(await page.locator('#players li.me .profile-badge').count(), 1);
    for (let i = 0; i < 50; i++) {
      if (await page.evaluate(() => document.body.dataset.over === 'true')) break;
      const item = page.locator('body.my-turn #choice-list button.choice-item').first();
      if (await item.count()) {
        const move = Number(await page.evaluate(() => document.body.dataset.move));
        await item.click();
        await page.waitForFunction((m) => Number(document.body.dataset.move) > m || document.body.dataset.over === 'true', move);
      } else {
        await page.waitForTimeout(100);
      }
    }
    await page.waitForFunction(() => document.body.dataset.over === 'true');

    // Its page: the finished game with its replay, and a rating.
    await page.goto(`${base}/profile/Ann%20Lee`);
    await page.waitForSelector('#profile-games');
    const item = page.locator('#profile-games .game-item', { hasText: created.id });
    assert.equal(await item.count(), 1);
    assert.match(await item.textContent(), /(1st|2nd) of 2/);
    for (let i = 0; i < 50 && !(await page.locator('#ratings').count()); i++) {
      await page.waitForTimeout(100);
      await page.reload();
      await page.waitForSelector('#profile-games');
    }
    // The game by its name, the rating a whole number on the 1500 scale with its ±.
    const kindName = (await (await fetch(`${base}/api/kinds`)).json()).find((k) => k.id === 'demo').name;
    assert.match(await page.textContent('#ratings'), new RegExp(kindName.replace(/[()]/g, '\\$&')));
    assert.match(await page.textContent('#ratings .rating'), /^1[0-9]{3}\?? ± [0-9]+$/);
    assert.match(await page.textContent('#rating-explained'), /start at 1500/);
    await item.locator('.replay-link').click();
    // Ann played it: the replay opens at its end.
    await page.waitForURL(new RegExp(`/replay/${created.id}#step=[0-9]+$`));
    // The bots' ladder has the bot it played.
    await page.goto(`${base}/leaderboard/demo`);
    await page.waitForSelector('#board-bots');
    assert.match(await page.textContent('#board-bots'), /Bot \(random\)/);
    assert.match(await page.textContent('#board-players'), /Ann Lee/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});
