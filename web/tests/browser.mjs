// Starts Debian's Chromium headless, the way every browser test here does.
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.EONS_CHROMIUM || '/usr/bin/chromium';

/** A persistent context in a new empty profile directory, with the required flags. */
export async function launch({ width = 1366, height = 768, mobile = false } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'eons-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return context;
}
