import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Launches headless Chromium. Without it the test fails, saying what to install: a browser test that
 * skipped itself would look like a pass. Background networking stays off, as these machines have no
 * internet and the tests count every request.
 */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}, and the browser tests need it. Install it with: apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
