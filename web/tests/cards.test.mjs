// Browser test: every game's cards are readable at the table. For Dominant
// Species, Marine and Pangea, a table is opened in headless Chromium (games
// made through the API, one human seat against a bot); a card on the table
// shows its full text from the server's catalog on hover (its title), and a
// click (or the "i" of a card that is also a choice) opens the large view with
// that text and, for a reconstructed card, the "reconstructed" tag. The large
// view closes with Esc, × and a click outside, fits a 390 px phone, and the
// page never prints "undefined" or "null".
//
// Needs the server binary and Chromium, as play.test.mjs (see browser.mjs).
// Optional: EONS_SHOTS_DIR=DIR saves each game's table with the large view
// open, at 1366×768 and 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startServer, SERVER } from './browser.mjs';

const SHOTS = process.env.EONS_SHOTS_DIR || '';

async function post(base, path, body) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  assert.ok(r.ok, `${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

/** Opens seat 0 of a new game (seat 1 a bot) at the table; resolves to the catalog's cards by id. */
async function openTable(page, base, game, players = 2) {
  const seats = [{ name: 'Reader' }];
  for (let i = 1; i < players; i++) seats.push({ kind: 'bot', bot: 'random' });
  const created = await post(base, '/api/games', { game, players, seed: 11, seats });
  const token = created.tokens.find((t) => t.seat === 0).token;
  await page.goto(`${base}/play/${created.id}#t=${token}`);
  await page.waitForSelector('body[data-move]', { timeout: 30000 });
  const catalog = await (await fetch(`${base}/api/kinds/${game}/catalog`)).json();
  return { id: created.id, cards: new Map(catalog.cards.map((c) => [c.id, c])) };
}

/** The large view's card id, text and tag, or null when it is closed. */
async function largeView(page) {
  return page.evaluate(() => {
    const d = document.querySelector('#card-view .card-modal');
    if (!d) return null;
    const box = d.getBoundingClientRect();
    return {
      id: d.dataset.card,
      title: d.querySelector('.card-title').textContent,
      text: d.querySelector('.card-full-text').textContent,
      tag: !!d.querySelector('.rc-tag'),
      left: box.left,
      right: box.right,
      viewport: window.innerWidth,
    };
  });
}

/** The large view shows exactly the catalog's card. */
function assertShows(view, card) {
  assert.ok(view, `the large view of ${card.id} is open`);
  assert.equal(view.id, card.id);
  assert.equal(view.title, card.name);
  assert.equal(view.text, card.text);
  assert.equal(view.tag, card.reconstructed, `${card.id}: the reconstructed tag iff the data marks it`);
}

/** No "undefined" or "null" printed anywhere on the page. */
async function assertNoBlanks(page, game) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /\bundefined\b|\bnull\b|\bNaN\b/, `${game}: a blank value printed`);
}

/**
 * Hover and click on the first element matching `selector` whose `data-card` is
 * a catalog card: its title holds the text, a click opens the large view, and
 * Esc, × and a click outside close it. Returns the card.
 */
async function readCard(page, cards, selector, game) {
  const el = page.locator(selector).first();
  await el.waitFor({ state: 'visible', timeout: 30000 });
  const id = await el.getAttribute('data-card');
  const card = cards.get(id);
  assert.ok(card, `${game}: ${selector} shows a catalog card (${id})`);
  assert.ok(card.text.trim().length > 0);
  const title = await el.getAttribute('title');
  assert.ok(title && title.includes(card.text), `${game}: hovering ${id} shows its full text: ${title}`);
  await el.hover();
  await el.click();
  assertShows(await largeView(page), card);
  await page.keyboard.press('Escape');
  assert.equal(await largeView(page), null, 'Esc closes the large view');
  await el.click();
  await page.locator('#card-view .card-close').click();
  assert.equal(await largeView(page), null, '× closes the large view');
  await el.click();
  await page.mouse.click(5, 5);
  assert.equal(await largeView(page), null, 'a click outside closes the large view');
  return card;
}

/** At phone width the large view fits the screen; a screenshot when asked. */
async function phoneFit(page, open, name) {
  await page.setViewportSize({ width: 390, height: 844 });
  await open();
  const v = await largeView(page);
  assert.ok(v, 'the large view opens on a phone');
  assert.ok(v.left >= 0 && v.right <= v.viewport, `it fits 390 px: ${v.left}..${v.right}`);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-phone.png`) });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('every game shows its cards\' full texts and a large view', { timeout: 120000 }, async () => {
  assert.ok(existsSync(SERVER), `server binary missing: ${SERVER}`);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'eons-web-cards-'));
  const { proc, base } = await startServer(dir);
  const browser = await launch({ name: 'Reader' });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const catalogFetches = [];
    page.on('request', (r) => { if (r.url().includes('/catalog')) catalogFetches.push(r.url()); });

    // Dominant Species: the five available Dominance cards and Survival.
    let t = await openTable(page, base, 'ds');
    const dominance = await readCard(page, t.cards, '.cards-panel .card[data-card]', 'ds');
    assert.equal(dominance.kind, 'dominance');
    const survival = await readCard(page, t.cards, '.cards-panel .card-chip[data-card="Survival"]', 'ds');
    assert.equal(survival.reconstructed, false, 'Survival is printed in the rulebook');
    // A reconstructed card carries its tag on the table too.
    const tagged = await page.locator('.cards-panel .card[data-card] .rc-tag').count();
    const shown = await page.locator('.cards-panel .card[data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
    assert.equal(tagged, shown.filter((id) => t.cards.get(id).reconstructed).length);
    await page.locator('.cards-panel .card[data-card]').first().click();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ds-desktop.png') });
    await page.keyboard.press('Escape');
    await phoneFit(page, () => page.locator('.cards-panel .card[data-card]').first().click(), 'ds');
    await assertNoBlanks(page, 'ds');

    // Marine: the evolution card row, then the secret trait draft: each offered
    // trait is a choice with an "i" that reads it without choosing it.
    t = await openTable(page, base, 'marine');
    const evolution = await readCard(page, t.cards, '.cards-panel .card[data-card]', 'marine');
    assert.equal(evolution.kind, 'evolution');
    assert.ok(evolution.reconstructed, 'no Marine card face survives: every text is reconstructed');
    await page.waitForSelector('#promptbar .card-info', { timeout: 30000 });
    const info = page.locator('#promptbar .card-info').first();
    const traitId = await info.getAttribute('data-card');
    const trait = t.cards.get(traitId);
    assert.equal(trait && trait.kind, 'trait', `the draft offers a trait card (${traitId})`);
    const move = await page.evaluate(() => document.body.dataset.move);
    await info.click();
    assertShows(await largeView(page), trait);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'marine-desktop.png') });
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.body.dataset.move), move, 'reading a trait does not choose it');
    await phoneFit(page, () => page.locator('#promptbar .card-info').first().click(), 'marine');
    // The offered traits on the animal's display are targets: lit, and one
    // click on a trait's chip keeps it, as its button does.
    const chip = page.locator(`.m-traits .card-chip.legal[data-card="${traitId}"]`);
    assert.equal(await chip.count(), 1, 'the offered trait is a target on its chip');
    await chip.click();
    await page.waitForFunction((m) => document.body.dataset.move !== m, move, { timeout: 30000 });
    assert.equal(await page.locator('.card-modal').count(), 0, 'choosing opens no large view');
    await assertNoBlanks(page, 'marine');

    // Pangea: the objective tiles on the board and each group's evolution cards.
    t = await openTable(page, base, 'pangea');
    const objective = await readCard(page, t.cards, '.pg-objs .card[data-card]', 'pangea');
    assert.equal(objective.kind, 'objective');
    const evo = await readCard(page, t.cards, '.animals .card-chip[data-card]', 'pangea');
    assert.equal(evo.kind, 'evolution');
    await page.locator('.pg-objs .card[data-card]').first().click();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'pangea-desktop.png') });
    await page.keyboard.press('Escape');
    await phoneFit(page, () => page.locator('.pg-objs .card[data-card]').first().click(), 'pangea');
    await assertNoBlanks(page, 'pangea');

    const kinds = catalogFetches.map((u) => u.replace(/.*\/api\/kinds\/([^/]+)\/catalog.*/, '$1'));
    assert.deepEqual(kinds, ['ds', 'marine', 'pangea'], 'one catalog fetch per game kind');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    proc.kill('SIGKILL');
  }
});
