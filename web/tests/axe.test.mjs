// Browser test (issue 36): axe-core (WCAG 2.1 A and AA rules, contrast among
// them) finds no serious or critical fault on the lobby, the table of each
// game at a decision and at its end, the replay viewer, a profile, a
// leaderboard and the rules pages (the list and each game's), at 1366 × 768
// and on a phone (390 × 844, touch).
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startServer, launch } from './browser.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const GAMES = ['ds', 'marine', 'pangea'];

async function create(base, body) {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 201, await r.clone().text());
  return r.json();
}

/** The serious and critical violations axe finds on the page as it is now. */
async function audit(page) {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${(n.any[0] || n.all[0] || {}).message || ''})`).join('; ')}`);
  });
}

test('axe finds no serious fault on any page, at both sizes', { timeout: 300000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-axe-'));
  const { proc, base } = await startServer(dir);
  try {
    // A game of each against a bot (the table at a decision), and one of
    // bots alone (played to its end at once: the end panel and the replay).
    const pages = [['lobby', '/'], ['leaderboard', '/leaderboard/ds'], ['rules', '/rules']];
    const ended = [];
    for (const game of GAMES) {
      const g = await create(base, { game, players: 2, seed: 11, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', bot: 'greedy' }] });
      pages.push([`${game} table`, `/play/${g.id}#t=${g.tokens[0].token}`]);
      pages.push([`${game} rules`, `/rules/${game}#domination`]);
      const b = await create(base, { game, players: 2, seed: 3, seats: [{ kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }] });
      ended.push([game, b.id]);
    }
    const profile = await (await fetch(`${base}/api/profiles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann"}' })).json();
    pages.push(['profile', `/profile/${profile.name}`]);
    for (const [game, id] of ended) {
      for (let i = 0; ; i++) {
        const v = await (await fetch(`${base}/api/games/${id}/view`)).json();
        if (v.over) break;
        assert.ok(i < 600, `${game}: the bots end their game`);
        await new Promise((ok) => setTimeout(ok, 200));
      }
      pages.push([`${game} ended`, `/play/${id}`], [`${game} replay`, `/replay/${id}`]);
    }
    const found = [];
    for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844, mobile: true }]) {
      const browser = await launch({ ...size, name: 'Ann', reducedMotion: 'reduce' });
      const page = browser.pages()[0] || await browser.newPage();
      try {
        for (const [name, path] of pages) {
          await page.goto(`${base}${path}`);
          await page.waitForSelector(name.includes('table') || name.includes('ended') ? 'body[data-move]' : '#app > :not(.loading)');
          await page.waitForTimeout(300);
          for (const v of await audit(page)) found.push(`${name} at ${size.width} px: ${v}`);
        }
      } finally {
        await browser.close();
      }
    }
    assert.deepEqual(found, []);
  } finally {
    proc.kill();
  }
});
