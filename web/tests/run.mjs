// Runs every *.test.mjs of this folder in headless Chromium, two files at a
// time (the machine's two cores), the longest first: node's own
// `node --test` sorts the files by name, which left the longest file (the
// board targets, a whole game of each game) to start last and run alone at
// the end. Started first, it runs beside all the others.
//
// Usage: node run.mjs [FILE ...]   (npm test: every file)
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
/** The files that take longest (CI logs), longest first; the rest follow by name. */
const LONGEST = ['targets.test.mjs', 'play.test.mjs', 'axe.test.mjs', 'replay.test.mjs'];

const asked = process.argv.slice(2);
const all = asked.length ? asked : readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
const rank = (f) => { const i = LONGEST.indexOf(f); return i < 0 ? LONGEST.length : i; };
const files = [...all].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((f) => join(here, f));

run({ files, concurrency: 2 })
  .on('test:fail', () => { process.exitCode = 1; })
  .compose(tap)
  .pipe(process.stdout);
