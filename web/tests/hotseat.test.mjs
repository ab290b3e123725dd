// Browser tests: hotseat games (every human seat in one tab), the lobby's
// setup options as form controls, the name asked of a friend opening an
// invite link, and the lobby and table at phone width.
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER } from './browser.mjs';

/** Starts a server and a browser of the given size; runs `body(page, base)`; stops both. */
async function withTable(size, body) {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-hotseat-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch(size);
  const errors = [];
  try {
    const page = browser.pages()[0] || await browser.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await body(page, base);
    assert.deepEqual(errors, [], 'no script error on the page');
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
}

/** No "null" or "undefined" printed anywhere a player reads. */
async function noNullText(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /\bnull\b|\bundefined\b|NaN/, `${where}: ${text.slice(0, 2000)}`);
}

/** The page is no wider than the screen. */
async function noHorizontalOverflow(page, where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${where}: the page is ${scroll} px wide on a ${client} px screen`);
}

/** Fills the lobby's form for a hotseat game of `game` with these human names (then bots). */
async function createHotseat(page, base, game, players, names, options = async () => {}) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#create-game');
  await page.selectOption('#new-game', game);
  await page.selectOption('#new-players', String(players));
  await page.selectOption('#new-mode', 'hotseat');
  for (let i = 0; i < players; i++) {
    if (i < names.length) {
      assert.equal(await page.inputValue(`select.seat-kind[data-seat="${i}"]`), 'local');
      await page.fill(`.seat-player[data-seat="${i}"]`, names[i]);
    } else {
      await page.selectOption(`select.seat-kind[data-seat="${i}"]`, 'bot:random');
    }
  }
  await page.click('details.more summary');
  await options();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/games') && r.method() === 'POST');
  await page.click('#create-game');
  const request = JSON.parse((await sent).postData());
  await page.waitForURL(/\/play\/[0-9a-f]+$/);
  await page.waitForSelector('body[data-move]');
  return request;
}

/** This tab's seats of the game it shows, from its localStorage: [{seat, token, name}]. */
async function localSeats(page) {
  return page.evaluate(() => {
    const id = decodeURIComponent(location.pathname.split('/').pop());
    const g = JSON.parse(localStorage.getItem('eons.games') || '[]').find((x) => x.id === id);
    return g && g.hotseat;
  });
}

/** The seat the table shows now (its "(you)" row), counted from 0. */
async function shownSeat(page) {
  return page.evaluate(() => [...document.querySelectorAll('#players .seat')].findIndex((li) => li.classList.contains('me')));
}

/**
 * The page's text without the public names that merely contain a secret
 * trait's name (the evolution card "Profligate Carnivore" on the open card
 * row holds the trait name "Carnivore"), so that finding the trait in what is
 * left means the trait itself is shown.
 */
async function withoutPublicNames(base, id, text, trait) {
  const spaced = (t) => t.replace(/([a-z])([A-Z])/g, '$1 $2');
  const pub = (await (await fetch(`${base}/api/games/${id}/view`)).json()).view;
  const names = new Set();
  const walk = (v) => {
    if (typeof v === 'string') {
      const name = spaced(v);
      if (name !== trait && name.includes(trait)) names.add(name);
    } else if (v && typeof v === 'object') {
      Object.values(v).forEach(walk);
    }
  };
  walk(pub);
  let left = text;
  for (const name of names) left = left.split(name).join(' ');
  return left;
}

/** Marine trait names a seat sees that a spectator does not (its hand, its kept traits), as the table prints them. */
async function secretTraits(base, id, token) {
  const spaced = (t) => t.replace(/([a-z])([A-Z])/g, '$1 $2');
  const mine = (await (await fetch(`${base}/api/games/${id}/view?token=${token}`)).json()).view;
  const pub = (await (await fetch(`${base}/api/games/${id}/view`)).json()).view;
  const shown = new Set(pub.animals.flatMap((a) => [...(a.traits || []), ...(a.hand || []), ...(a.offer || [])]));
  const seen = mine.animals.filter((a) => a.seat === mine.seat).flatMap((a) => [...(a.traits || []), ...(a.hand || []), ...(a.offer || [])]);
  return seen.filter((t) => !shown.has(t)).map(spaced);
}

test('a Marine hotseat game hides each player\'s traits while the device changes hands', { timeout: 120000 }, async () => {
  await withTable({ width: 1366, height: 768 }, async (page, base) => {
    // A fixed deal: Ann drafts the trait Carnivore while the evolution card
    // Profligate Carnivore lies open on the card row, where a check of the
    // page's text once took the card's name for her secret trait.
    await page.route('**/api/games', async (route) => {
      const sent = route.request();
      if (sent.method() !== 'POST') return route.continue();
      return route.continue({ postData: JSON.stringify({ ...JSON.parse(sent.postData()), seed: '14077953426667590383' }) });
    });
    const request = await createHotseat(page, base, 'marine', 2, ['Ann', 'Bob'], async () => {
      // Form controls send the options as the engine spells them.
      await page.selectOption('select[data-opt="length"]', 'short');
      await page.selectOption('.opt-slots[data-opt="animals"] select[data-slot="0"]', 'fishes');
      await page.selectOption('.opt-slots[data-opt="animals"] select[data-slot="1"]', 'reptiles');
    });
    assert.deepEqual(request.options, ['length=short', 'animals=fishes,reptiles']);
    assert.deepEqual(request.seats.map((s) => [s.kind, s.name]), [['human', 'Ann'], ['human', 'Bob']]);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
    const local = await localSeats(page);
    assert.deepEqual(local.map((s) => [s.seat, s.name]), [[0, 'Ann'], [1, 'Bob']]);
    const summary = await (await fetch(`${base}/api/games/${id}`)).json();
    assert.deepEqual(summary.seats.map((s) => s.name), ['Ann', 'Bob']);

    // Opening the game: the table waits behind a cover for the player to move.
    const names = ['Ann', 'Bob'];
    await page.waitForSelector('#pass-cover');
    assert.equal(await page.textContent('#pass-title'), `Pass the device to ${names[summary.to_move]}`);
    assert.equal(await page.isVisible('#board'), false, 'the table is hidden under the cover');
    await page.click('#pass-ok');
    await page.waitForSelector('#board', { state: 'visible' });

    let switches = 0;
    let hiddenChecked = 0; // secret trait names looked for while covered
    for (let step = 0; step < 8 && switches < 3; step++) {
      const seat = await shownSeat(page);
      const token = local.find((s) => s.seat === seat).token;
      let secrets = await secretTraits(base, id, token);
      const move = Number(await page.getAttribute('body', 'data-move'));
      await page.waitForSelector('#choice-list button.choice-item');
      await page.click('#choice-list button.choice-item >> nth=0');
      // The next state: the same player again, or the cover for the other one.
      await page.waitForFunction((m) => Number(document.body.dataset.move) > m || document.getElementById('pass-cover'), move);
      if (await page.$('#pass-cover')) {
        switches += 1;
        // What the last player sees now that nobody else may (the move may have revealed some).
        secrets = await secretTraits(base, id, token);
        hiddenChecked += secrets.length;
        const other = names[1 - seat];
        assert.equal(await page.textContent('#pass-title'), `Pass the device to ${other}`);
        const covered = await page.evaluate(() => document.body.innerText);
        for (const t of secrets) {
          const left = await withoutPublicNames(base, id, covered, t);
          assert.ok(!left.includes(t), `the cover shows ${names[seat]}'s trait ${t}`);
        }
        assert.equal(await page.locator('.m-trait').filter({ visible: true }).count(), 0, 'no trait card shows under the cover');
        await page.click('#pass-ok');
        await page.waitForFunction((s) => document.querySelector('#players .seat.me') && [...document.querySelectorAll('#players .seat')].findIndex((li) => li.classList.contains('me')) === s, 1 - seat);
        assert.match(await page.textContent('#topinfo'), new RegExp(`you: ${other}`));
        const shown = await page.evaluate(() => document.body.innerText);
        for (const t of secrets) {
          const left = await withoutPublicNames(base, id, shown, t);
          assert.ok(!left.includes(t), `${other} sees ${names[seat]}'s trait ${t}`);
        }
        const own = await secretTraits(base, id, local.find((s) => s.seat === 1 - seat).token);
        for (const t of own) assert.ok(shown.includes(t), `${other} does not see their own trait ${t}`);
      } else {
        await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
      }
      await noNullText(page, `Marine hotseat step ${step}`);
    }
    assert.ok(switches >= 2, `the device changed hands ${switches} times`);
    assert.ok(hiddenChecked > 0, 'some secret traits were looked for under the cover');

    // A reload plays on with the same seats (and covers the table again).
    await page.reload();
    await page.waitForSelector('#pass-cover');
    await page.click('#pass-ok');
    await page.waitForSelector('#choice-list button.choice-item');
  });
});

test('a Dominant Species hotseat game switches players without a cover', { timeout: 120000 }, async () => {
  await withTable({ width: 1366, height: 768 }, async (page, base) => {
    await createHotseat(page, base, 'ds', 3, ['Ann', 'Bob']);
    const local = await localSeats(page);
    assert.deepEqual(local.map((s) => s.seat), [0, 1]);
    const seen = new Set();
    for (let step = 0; step < 10 && seen.size < 2; step++) {
      await page.waitForSelector('#choice-list button.choice-item', { timeout: 30000 });
      assert.equal(await page.$('#pass-cover'), null, 'no cover: nothing is hidden in Dominant Species');
      const seat = await shownSeat(page);
      seen.add(seat);
      const move = Number(await page.getAttribute('body', 'data-move'));
      await page.click('#choice-list button.choice-item >> nth=0');
      await page.waitForFunction((m) => Number(document.body.dataset.move) > m, move);
    }
    assert.deepEqual([...seen].sort(), [0, 1], 'both local players played from this tab');
    await noNullText(page, 'DS hotseat');
  });
});

test('a friend opening an invite link is asked for a name before taking the seat', { timeout: 120000 }, async () => {
  await withTable({ width: 1366, height: 768 }, async (page, base) => {
    const created = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'pangea', players: 2, seats: [{ kind: 'human', name: 'Host' }, {}] }),
    })).json();
    const invite = created.tokens.find((t) => t.seat === 1).token;
    await page.goto(`${base}/play/${created.id}#t=${invite}`);
    await page.waitForSelector('#join-form');
    assert.equal(await page.inputValue('#join-name'), 'Guest', 'a default name');
    let summary = await (await fetch(`${base}/api/games/${created.id}`)).json();
    assert.equal(summary.seats[1].claimed, false, 'nothing is claimed before the name is given');
    await page.fill('#join-name', 'Zoe');
    await page.click('#join-go');
    await page.waitForSelector('body[data-move]');
    summary = await (await fetch(`${base}/api/games/${created.id}`)).json();
    assert.equal(summary.seats[1].name, 'Zoe');
    assert.match(await page.textContent('#topinfo'), /you: Zoe/);

    // A second invite in the same browser: the name is known, nothing is asked.
    const second = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'ds', players: 2, seats: [{ kind: 'bot', bot: 'random' }, {}] }),
    })).json();
    await page.goto(`${base}/play/${second.id}#t=${second.tokens[0].token}`);
    await page.waitForSelector('body[data-move]');
    assert.equal(await page.$('#join-form'), null);
    summary = await (await fetch(`${base}/api/games/${second.id}`)).json();
    assert.equal(summary.seats[1].name, 'Zoe');
  });
});

test('on a phone the lobby fits the screen, and the prompt bar stays small with the choices on the board', { timeout: 120000 }, async () => {
  await withTable({ width: 390, height: 844, mobile: true }, async (page, base) => {
    for (const game of ['ds', 'marine', 'pangea']) {
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-game');
      await page.selectOption('#new-game', game);
      await page.selectOption('#new-mode', 'hotseat');
      await page.click('details.more summary');
      await noHorizontalOverflow(page, `lobby, ${game}`);
      await noNullText(page, `lobby, ${game}`);
    }
    // Marine's trait draft: the prompt bar stays small and nothing in it
    // scrolls sideways (its choices wrap); each trait is also a target on
    // its chip.
    await createHotseat(page, base, 'marine', 2, ['Ann', 'Bob']);
    await page.click('#pass-ok');
    await page.waitForSelector('#board .card-chip.legal');
    await noHorizontalOverflow(page, 'Marine table');
    await noNullText(page, 'Marine table');
    const bar = await page.$eval('#promptbar', (el) => el.getBoundingClientRect().height);
    assert.ok(bar <= 844 * 0.45, `the prompt bar is ${bar} px high on an 844 px screen`);
    const rows = await page.$$eval('#promptbar .prompt-buttons', (els) => els.map((el) => [el.scrollWidth, el.clientWidth]));
    assert.ok(rows.every(([w, c]) => w <= c + 1), `the prompt's rows: ${JSON.stringify(rows)}`);
    // Each trait is a button of the bar (with its "i") and a target on its chip.
    assert.equal(await page.locator('#promptbar .choice-btn').count(), await page.locator('#board .card-chip.legal').count());
    const chip = page.locator('#board .card-chip.legal').first();
    const move = Number(await page.getAttribute('body', 'data-move'));
    await chip.click();
    await page.waitForFunction((m) => Number(document.body.dataset.move) > m || document.getElementById('pass-cover'), move);
    // The lobby lists the game as this device's move.
    await page.goto(`${base}/`);
    await page.waitForSelector('#mine .game-item');
    assert.match(await page.textContent('#mine .game-item'), /(Ann|Bob) to move/);
    await noHorizontalOverflow(page, 'lobby with a game');
    await noNullText(page, 'lobby with a game');
  });
});
