// Starts Debian's Chromium headless and the server, the way every browser test here does.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export const CHROMIUM = process.env.EONS_CHROMIUM || '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
/** The server binary: EONS_SERVER_BIN, default target-server/release/eons-server from the repository root. */
export const SERVER = process.env.EONS_SERVER_BIN || resolve(here, '../../target-server/release/eons-server');

/**
 * Starts the server on a free port with a fresh SQLite file in `dir`, with
 * `extra` flags (e.g. `--test-games`); resolves to {proc, base}.
 */
export function startServer(dir, extra = []) {
  return new Promise((ok, fail) => {
    const proc = spawn(SERVER, ['--addr', '127.0.0.1:0', '--db', join(dir, 'eons.sqlite'), '--bot-pace-ms', '0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    proc.on('error', fail);
    const rl = createInterface({ input: proc.stdout });
    rl.once('line', (line) => {
      const m = line.match(/listening on (http:\/\/\S+?)\/?$/);
      if (!m) fail(new Error(`unexpected server output: ${line}`));
      else ok({ proc, base: m[1] });
    });
  });
}

/**
 * A persistent context in a new empty profile directory, with the required flags.
 * With `name`, the browser already knows its player's name, so an invite link
 * claims its seat at once instead of asking for a name first. With
 * `reducedMotion: 'reduce'`, the page is told its player asks for less motion
 * (the whole games clicked through use it: the highlights' pulse would repaint
 * the board every frame for the whole game).
 */
export async function launch({ width = 1366, height = 768, mobile = false, name = null, reducedMotion = 'no-preference' } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'eons-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width, height },
    deviceScaleFactor: 1,
    reducedMotion,
    isMobile: mobile,
    hasTouch: mobile,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  await watchContentSecurityPolicy(context);
  if (name) {
    // Every document runs it, about:blank too, where localStorage is refused.
    await context.addInitScript((n) => {
      try {
        if (!localStorage.getItem('eons.name')) localStorage.setItem('eons.name', n);
      } catch { /* no storage for this document */ }
    }, name);
  }
  return context;
}

/**
 * Makes `context.close()` fail when any page of the context broke the
 * server's Content-Security-Policy (an inline script, style attribute or
 * handler, a connection elsewhere): Chromium reports each refusal on the
 * console and as a `securitypolicyviolation` event, both are collected.
 */
async function watchContentSecurityPolicy(context) {
  const violations = [];
  const note = (text) => { if (/Content Security Policy|CSP violation/.test(text)) violations.push(text); };
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const watch = (page) => page.on('console', (m) => note(m.text()));
  context.pages().forEach(watch);
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
  };
}

/** A small seeded generator, so a failing run can be repeated: pick(n) is in 0..n. */
export function lcg(seed) {
  let x = BigInt(seed);
  return (n) => {
    x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((x >> 33n) % BigInt(n));
  };
}

/** An index drawn by `pick` (from lcg) with the given weights. */
export function weighted(weights, pick) {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = (pick(1000000) / 1000000) * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * A two-player Dominant Species game of two human seats (seed 12: the
 * second seat is to move first), each seat's table open in its own browser
 * context: `{created, pages: [annPage, benPage], errors}`, where `errors`
 * collects the page errors of both.
 */
export async function twoTables(base, [ann, ben]) {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'ds', players: 2, seed: 12, seats: [{}, {}] }),
  });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
  const created = await r.json();
  const errors = [];
  const pages = [];
  for (const [i, context] of [ann, ben].entries()) {
    const page = context.pages()[0] || await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/play/${created.id}#t=${created.tokens[i].token}`);
    await page.waitForSelector('body[data-move]');
    pages.push(page);
  }
  return { created, pages, errors };
}
