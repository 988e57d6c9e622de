import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium as launchHeadlessChromium } from '@gamedata/test-support/chromium';

/** Screenshots and other outputs of the browser tests (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));

/** Launches headless Chromium (failing with the install command when it is missing), with a place for screenshots. */
export async function launchChromium(): Promise<Browser> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  return launchHeadlessChromium();
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
  const watch = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    requests: [] as string[],
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text()))
      watch.consoleErrors.push(message.text());
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
