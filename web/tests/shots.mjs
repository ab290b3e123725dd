// Development helper (not a test): screenshots of pages at desktop and phone sizes.
// usage: node shots.mjs OUT_PREFIX URL [URL...]
import { launch } from './browser.mjs';

const [prefix, ...urls] = process.argv.slice(2);
for (const [name, opts] of [['desktop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844, mobile: true }]]) {
  const ctx = await launch(opts);
  const page = ctx.pages()[0] || await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  let i = 0;
  for (const url of urls) {
    await page.goto(url);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${prefix}-${i}-${name}.png`, fullPage: process.env.FULL === '1' });
    i += 1;
  }
  await ctx.close();
}
