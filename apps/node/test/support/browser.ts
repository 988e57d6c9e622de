import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots and other outputs of the browser tests (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));

/**
 * Launches headless Chromium. Without it the test fails, saying what to install: a browser test that
 * skipped itself would look like a pass. Background networking stays off, as these machines have no
 * internet and the tests count every request.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}, and the browser tests need it. Install it with: apt-get install -y chromium`);
  }
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** What a page did: console errors, uncaught errors, CSP violations and every request it made. */
export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  requests: string[];
  /** Violations the page reported (`securitypolicyviolation`), read after it has loaded. */
  cspViolations(): Promise<string[]>;
}

/**
 * Starts watching `page`; call before navigating. CSP violations are caught twice: by a listener the
 * page cannot block (an init script runs outside its CSP) and as console errors, which Chromium logs
 * for each violation.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const watch = { consoleErrors: [] as string[], pageErrors: [] as string[], requests: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  page.on('request', (request) => watch.requests.push(`${request.method()} ${request.url()}`));
  // Page-side code is passed as text: these tests are typed for Node, not for the DOM.
  await page.addInitScript({
    content: `{
      const seen = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline')));
    }`,
  });
  return { ...watch, cspViolations: () => page.evaluate<string[]>('window.__cspViolations') };
}
