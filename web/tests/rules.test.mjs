// Browser test (issue 36): the rules of each game, reachable from the table.
//  - At a table of each game at its first decision, the citation that closes
//    the prompt ("(Planning, p.9)") is a link to the rule's section, opening
//    in a new tab; following it lands on /rules/{game} with that section on
//    the page, the page's :target and in view. The players panel links the
//    game's "How to play" page, and so do the lobby's new-game form (the
//    chosen game's) and the header ("How to play": the list of games).
//  - Each game's rules page, at 1366 × 768 and on a phone (390 × 844, touch),
//    shows the overview and every section the server sends, each with its
//    anchor, never scrolls sideways, and links back to the lobby; /rules
//    lists the three games.
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

const GAMES = ['ds', 'marine', 'pangea'];

async function createGame(base, game) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, players: 2, seed: 11, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', bot: 'greedy' }] }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  const g = await r.json();
  return { id: g.id, token: g.tokens.find((t) => t.seat === 0).token };
}

test('a prompt\'s citation links to its rule, and each rules page reads at both sizes', { timeout: 240000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-rules-'));
  const { proc, base } = await startServer(dir);
  try {
    // The table: the citation of the first decision's prompt, followed.
    const desk = await launch({ width: 1366, height: 768, name: 'Ann', reducedMotion: 'reduce' });
    try {
      for (const game of GAMES) {
        const { id, token } = await createGame(base, game);
        const page = await desk.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${base}/play/${id}#t=${token}`);
        await page.waitForSelector('body[data-move]');
        const link = page.locator('#promptbar .prompt-text a.rule-link');
        await link.waitFor();
        const prompt = await page.locator('#promptbar .prompt-text').textContent();
        const cited = await link.evaluate((a) => ({ href: a.getAttribute('href'), text: a.textContent, target: a.target, rel: a.rel }));
        assert.match(prompt, /\([^()]+, p\.\d+(-\d+)?\)\s*$/, `${game}: the prompt closes with its citation`);
        assert.ok(prompt.trimEnd().endsWith(cited.text), `${game}: the link is the closing citation: "${cited.text}" in "${prompt}"`);
        assert.equal(cited.target, '_blank', `${game}: a new tab`);
        assert.match(cited.rel, /noopener/, `${game}: rel=noopener`);
        const m = cited.href.match(new RegExp(`^/rules/${game}#([a-z0-9-]+)$`));
        assert.ok(m, `${game}: ${cited.href} names a section of the game's rules`);
        const slug = m[1];
        const how = page.locator('#players a.how-to-play');
        assert.equal(await how.getAttribute('href'), `/rules/${game}`, `${game}: How to play in the players panel`);

        const [rules] = await Promise.all([desk.waitForEvent('page'), link.click()]);
        await rules.waitForLoadState();
        await rules.waitForSelector('.rules-section');
        await rules.waitForFunction(() => document.querySelector(':target') !== null);
        const landed = await rules.evaluate(() => {
          const t = document.querySelector(':target');
          const r = t.getBoundingClientRect();
          return {
            path: location.pathname,
            hash: location.hash,
            target: t.id,
            title: t.querySelector('h3').textContent,
            text: t.querySelector('p').textContent,
            inView: r.top >= 0 && r.top < innerHeight,
          };
        });
        assert.equal(landed.path, `/rules/${game}`);
        assert.equal(landed.hash, `#${slug}`);
        assert.equal(landed.target, slug, `${game}: the cited section is the page's target`);
        const served = await (await fetch(`${base}/api/kinds/${game}/rules`)).json();
        const section = served.section.find((s) => s.id === slug);
        const title = cited.text.match(/^\(([^()]+), p\./)[1];
        assert.ok([section.title, ...(section.cited_as || [])].includes(title), `${game}: "${title}" is the title of ${slug}`);
        assert.ok(landed.title.startsWith(section.title), `${game}: ${landed.title}`);
        assert.ok(landed.text.trim().length > 40, `${game}: the section says something`);
        assert.ok(landed.inView, `${game}: the section is scrolled into view`);
        await rules.close();
        await page.close();
        assert.deepEqual(errors, [], game);
      }
      // The lobby: the header's "How to play" lists the games; the new-game
      // form links the chosen game's page.
      const lobby = await desk.newPage();
      await lobby.goto(`${base}/`);
      await lobby.waitForSelector('#create-game');
      assert.equal(await lobby.getAttribute('.topbar a.top-rules', 'href'), '/rules');
      for (const game of GAMES) {
        await lobby.selectOption('#new-game', game);
        assert.equal(await lobby.locator('#create .options a.how-to-play').getAttribute('href'), `/rules/${game}`);
      }
      await lobby.close();
    } finally {
      await desk.close();
    }

    // Each rules page at both sizes: complete, anchored, no sideways scroll.
    for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844, mobile: true }]) {
      const browser = await launch({ ...size, reducedMotion: 'reduce' });
      try {
        const page = browser.pages()[0] || await browser.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        for (const game of GAMES) {
          const served = await (await fetch(`${base}/api/kinds/${game}/rules`)).json();
          await page.goto(`${base}/rules/${game}`);
          await page.waitForSelector('.rules-section');
          const seen = await page.evaluate(() => ({
            ids: [...document.querySelectorAll('article.rules-section')].map((a) => a.id),
            empty: [...document.querySelectorAll('article.rules-section')].filter((a) => !a.querySelector('p') || !a.querySelector('p').textContent.trim()).map((a) => a.id),
            parts: document.querySelectorAll('#overview .rules-part').length,
            lobby: [...document.querySelectorAll('.rules-back a')].some((a) => a.getAttribute('href') === '/'),
            width: document.documentElement.scrollWidth,
            inner: innerWidth,
            wide: [...document.querySelectorAll('.rules-page *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1).map((el) => el.tagName + '.' + el.className).slice(0, 5),
          }));
          assert.deepEqual(seen.ids, served.section.map((s) => s.id), `${game}: every section, with its anchor`);
          assert.deepEqual(seen.empty, [], `${game}: every section has its summary`);
          assert.equal(seen.parts, served.overview.length, `${game}: the whole overview`);
          assert.ok(seen.lobby, `${game}: a link back to the lobby`);
          assert.ok(seen.width <= seen.inner, `${game} at ${size.width} px: no sideways scroll (${seen.width} > ${seen.inner}: ${seen.wide.join(', ')})`);
          // A contents link goes to its section.
          const first = served.section[served.section.length - 1].id;
          await page.click(`.rules-toc a[href="#${first}"]`);
          assert.equal(await page.evaluate(() => document.querySelector(':target') && document.querySelector(':target').id), first);
        }
        await page.goto(`${base}/rules`);
        await page.waitForSelector('.rules-games li');
        const listed = await page.$$eval('.rules-games a', (as) => as.map((a) => a.getAttribute('href')));
        assert.deepEqual(listed, GAMES.map((g) => `/rules/${g}`));
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
        await page.goto(`${base}/rules/chess`);
        await page.waitForSelector('#rules-missing');
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    }
  } finally {
    proc.kill();
  }
});
