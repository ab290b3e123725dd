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
