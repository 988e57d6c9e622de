import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchChromium, watchPage } from './support/browser.js';
import { servePage } from './support/page-server.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Request lines of the access log (the adapter logs one JSON line per request). */
const loggedRequests = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { method: string; path: string });

describe('/docs in headless Chromium, served by the Node adapter', { timeout: 60_000 }, () => {
  let server: ServerProcess;
  let browser: Browser;
  let endpoints: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    server = await spawnServer();
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, { get?: unknown }>;
    };
    endpoints = Object.keys(doc.paths).filter((path) => path.startsWith('/v1/'));
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'on a %s: every section, no console error, no CSP violation, no request but the page',
    async (name, options) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const watch = await watchPage(page);
      const logged = loggedRequests(server).length;

      const response = await page.goto(`${server.url}/docs`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toMatch(
        /^default-src 'none'; style-src 'sha256-/,
      );

      for (const path of endpoints) {
        const id = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        expect(await page.locator(`#${id} > h3`).textContent(), path).toBe(`GET ${path}`);
        expect(await page.locator(`#${id} > h3`).isVisible()).toBe(true);
      }
      for (const id of [
        'overview',
        'keys',
        'rate-limits',
        'pagination',
        'caching',
        'errors',
        'versioning',
        'values',
      ]) {
        expect(await page.locator(`#${id} > h2`).isVisible(), id).toBe(true);
      }
      // Readable on this screen: nothing wider than the viewport, so no sideways scrolling of the page.
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);

      expect(watch.consoleErrors).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.requests).toEqual([`GET ${server.url}/docs`]);
      // The server saw the same: the page and nothing else (no favicon, no stylesheet, no font).
      expect(
        loggedRequests(server)
          .slice(logged)
          .map((r) => `${r.method} ${r.path}`),
      ).toEqual(['GET /docs']);

      await page.screenshot({ path: join(ARTIFACTS_DIR, `docs-${name}.png`) });
      await page.goto(`${server.url}/docs#v1-items-id`);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `docs-${name}-endpoint.png`) });
      await context.close();
    },
  );

  it('has linkable sections: every contents link lands on its section', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/docs`);
    const targets = await page
      .locator('nav a[href^="#"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.slice(1) ?? ''));
    expect(targets.length).toBeGreaterThanOrEqual(endpoints.length + 8);
    for (const id of targets) {
      await page.goto(`${server.url}/docs#${id}`);
      // The target is on screen, and the page scrolled to it (the first section may already be there).
      const top = (await page.locator(`#${id}`).boundingBox())?.y;
      expect(top, id).toBeGreaterThanOrEqual(-1);
      expect(top, id).toBeLessThan(900);
      expect(id === 'overview' || (await page.evaluate<number>('window.scrollY')) > 0, id).toBe(
        true,
      );
    }
    await context.close();
  });

  it('reads the same without JavaScript', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs`);
    expect(await page.locator('main h3').count()).toBe(endpoints.length);
    expect(await page.locator('#overview').isVisible()).toBe(true);
    expect(await page.locator('details[open] pre').first().isVisible()).toBe(true);
    await context.close();
  });

  // Controls: the watchers above must see a violation, and a request, when there is one.
  it('would notice a CSP violation and a request to another URL', async () => {
    const strict = await servePage(
      '<!doctype html><style>body{color:red}</style><p>styled inline</p>',
      { 'content-security-policy': "default-src 'none'" },
    );
    const loose = await servePage('<!doctype html><p>an image</p><img src="/pixel.png" alt="">');
    try {
      const page = await browser.newPage();
      const watch = await watchPage(page);
      await page.goto(strict.url, { waitUntil: 'networkidle' });
      expect((await watch.cspViolations()).join()).toMatch(/style-src/);
      expect(watch.consoleErrors.join()).toMatch(/Content Security Policy/);
      await page.goto(loose.url, { waitUntil: 'networkidle' });
      expect(watch.requests).toContain(`GET ${loose.url}/pixel.png`);
      await page.close();
    } finally {
      await Promise.all([strict.close(), loose.close()]);
    }
  });
});
