// Browser test (issue 36): the Marine Earth panel's turn chip names the
// animal deciding now. In the trait draft every seat keeps a trait while the
// turn's animal stays the last one to play: the chip said "Cephalopods’s
// turn" while the Reptiles kept a trait. It now says "Reptiles deciding",
// and the possessive after a plural name is "Cephalopods’".
//
// Needs the server binary (EONS_SERVER_BIN) and Debian's chromium (EONS_CHROMIUM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch } from './browser.mjs';

const chipText = (page) => page.textContent('.m-earth .panel-head .chip');

test('the Marine turn chip names the animal deciding, in the trait draft too', { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eons-marine-turn-'));
  const { proc, base } = await startServer(dir);
  const ann = await launch({ name: 'Ann' });
  try {
    const r = await fetch(`${base}/api/games`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'marine', players: 2, seed: 12, seats: [{}, {}] }),
    });
    const created = await r.json();
    const ben = await (await fetch(`${base}/api/claim`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: created.tokens[1].token, name: 'Ben' }),
    })).json();
    const page = ann.pages()[0] || await ann.newPage();
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[0].token}`);
    await page.waitForSelector('body[data-move="0"]');
    // This deal: Ben (Cephalopods) keeps a trait first, in the Cephalopods' turn.
    const v0 = await (await fetch(`${base}/api/games/${created.id}/view?token=${ben.token}`)).json();
    assert.equal(v0.to_move, 1);
    assert.equal(v0.view.current, 'Cephalopods');
    assert.equal(await chipText(page), 'Cephalopods’ turn');
    const chose = await fetch(`${base}/api/games/${created.id}/choice?token=${ben.token}`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ move: 0, index: v0.legal[0].index }),
    });
    assert.equal(chose.status, 200);
    // Then Ann (Reptiles) keeps one: the turn's animal is still the Cephalopods.
    await page.waitForSelector('body[data-move="1"].my-turn');
    const v1 = await (await fetch(`${base}/api/games/${created.id}/view`)).json();
    assert.equal(v1.view.current, 'Cephalopods', 'the engine keeps the turn on the last to play');
    assert.equal(await chipText(page), 'Reptiles deciding');
  } finally {
    await ann.close();
    proc.kill('SIGKILL');
  }
});
