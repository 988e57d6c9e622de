import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@gamedata/test-support/clock';
import { demo, TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { launchChromium, watchPage } from './support/browser.js';
import { servePage, type PageServer } from './support/page-server.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

interface Seen {
  status: number;
  etag: string | null;
  version: string | null;
  limit: string | null;
  remaining: string | null;
  reset: string | null;
  requestId: string | null;
  bodyLength: number;
}

/**
 * A browser app as a third party would write it: it calls the API on another origin with a key, then
 * revalidates with If-None-Match, and reports what its script could read.
 */
function appPage(api: string, path: string): string {
  const script = `
const read = async (response) => ({
  status: response.status,
  etag: response.headers.get('etag'),
  version: response.headers.get('x-dataset-version'),
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
  reset: response.headers.get('ratelimit-reset'),
  requestId: response.headers.get('x-request-id'),
  bodyLength: (await response.text()).length,
});
const url = ${JSON.stringify(api + path)};
const auth = { Authorization: 'Bearer ${TEST_KEY}' };
(async () => {
  const first = await read(await fetch(url, { headers: auth }));
  const second = await read(await fetch(url, { headers: { ...auth, 'If-None-Match': first.etag } }));
  document.getElementById('result').textContent = JSON.stringify({ first, second });
})().catch((error) => { document.getElementById('result').textContent = 'failed: ' + error; });`;
  // The empty icon keeps the browser from asking the app's server for /favicon.ico.
  return `<!doctype html><title>app</title><link rel="icon" href="data:,"><pre id="result">running</pre><script>${script}</script>`;
}

/** The access log's request lines so far. */
function requestLog(
  api: ServerProcess,
): Array<{ method: string; path: string; status: number; keyId?: string }> {
  return api
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map(
      (line) =>
        JSON.parse(line) as { method: string; path: string; status: number; keyId?: string },
    );
}

describe(
  'a browser app on another origin calls the API (CORS, preflight included)',
  { timeout: 60_000 },
  () => {
    let api: ServerProcess;
    let app: PageServer;
    let browser: Browser;
    const path = '/v1/items?limit=2';

    beforeAll(async () => {
      browser = await launchChromium();
      api = await spawnServer({ GAMEDATA_KEYS_FILE: (await writeTestKeyFile()).path });
      app = await servePage(appPage(api.url, path));
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
      api?.child.kill('SIGTERM');
      await api?.exited;
    });

    it('sends Authorization and If-None-Match, and reads etag, x-dataset-version and ratelimit-*', async () => {
      expect(new URL(app.url).origin).not.toBe(new URL(api.url).origin);
      const expected = await fetch(`${api.url}${path}`, {
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      const page = await browser.newPage();
      const watch = await watchPage(page);
      await page.goto(app.url);
      await page.waitForFunction("document.getElementById('result').textContent !== 'running'");
      const text = (await page.locator('#result').textContent()) ?? '';
      expect(text).not.toMatch(/^failed/);
      const { first, second } = JSON.parse(text) as { first: Seen; second: Seen };

      expect(first).toMatchObject({
        status: 200,
        etag: expected.headers.get('etag'),
        version: demo.meta.version,
        limit: '600',
      });
      expect(first.bodyLength).toBeGreaterThan(0);
      expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(first.reset)).toBeGreaterThanOrEqual(1);
      // The If-None-Match crossed too: a 304 with no body, counted in the same community window.
      expect(second).toMatchObject({
        status: 304,
        etag: first.etag,
        version: demo.meta.version,
        limit: '600',
        bodyLength: 0,
      });
      expect(Number(second.remaining)).toBe(Number(first.remaining) - 1);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.pageErrors).toEqual([]);

      // The browser asked first (Authorization and If-None-Match are not CORS-safelisted), and was let in.
      // The adapter queues its log lines behind the answers, so the 304's line may land after the page has it.
      await waitFor(() => api.output().includes('"status":304'));
      const log = requestLog(api);
      expect(log.filter((entry) => entry.method === 'OPTIONS')).toContainEqual(
        expect.objectContaining({ path, status: 204 }),
      );
      expect(
        log
          .filter((entry) => entry.method === 'GET' && entry.path === path)
          .map((entry) => [entry.status, entry.keyId]),
      ).toEqual([
        [200, 'key_test01'],
        [200, 'key_test01'],
        [304, 'key_test01'],
      ]);
      await page.close();
    });

    it('shows artwork and reads answers in a page isolated with COEP require-corp (cross-origin-resource-policy)', async () => {
      const icon = demo.lists.items.records.find((item) => item.icon)?.icon as string;
      // Without CORP on the answers, Chromium blocks the image and the no-cors fetch from such a page.
      const script = `
const image = new Image();
const loaded = new Promise((resolve) => { image.onload = () => resolve(image.naturalWidth); image.onerror = () => resolve('blocked'); });
image.src = ${JSON.stringify(`${api.url}/v1/img/${icon}.png`)};
(async () => {
  const width = await loaded;
  const opaque = await fetch(${JSON.stringify(`${api.url}/v1/meta`)}, { mode: 'no-cors' }).then((response) => response.type, () => 'blocked');
  document.getElementById('result').textContent = JSON.stringify({ width, opaque });
})();`;
      const isolated = await servePage(
        `<!doctype html><title>isolated</title><link rel="icon" href="data:,"><pre id="result">running</pre><script>${script}</script>`,
        {
          'cross-origin-embedder-policy': 'require-corp',
          'cross-origin-opener-policy': 'same-origin',
        },
      );
      const page = await browser.newPage();
      try {
        await page.goto(isolated.url);
        await page.waitForFunction("document.getElementById('result').textContent !== 'running'");
        expect(await page.evaluate('crossOriginIsolated')).toBe(true);
        const seen = JSON.parse((await page.locator('#result').textContent()) ?? '{}') as {
          width: unknown;
          opaque: unknown;
        };
        expect(seen).toEqual({ width: expect.any(Number), opaque: 'opaque' });
        expect(seen.width).toBeGreaterThan(0);
      } finally {
        await page.close();
        await isolated.close();
      }
    });

    it('reads the deprecation notice of an answer to a request with ?key=, and sees none with Bearer', async () => {
      const page = await browser.newPage();
      await page.goto(app.url);
      const seen = await page.evaluate(
        async ({ api, key }) => {
          const read = (response: Response) => ({
            deprecation: response.headers.get('deprecation'),
            link: response.headers.get('link'),
          });
          const inUrl = read(await fetch(`${api}/v1/stats?key=${key}`));
          const bearer = read(
            await fetch(`${api}/v1/stats`, { headers: { Authorization: `Bearer ${key}` } }),
          );
          return { inUrl, bearer };
        },
        { api: api.url, key: TEST_KEY },
      );
      expect(seen).toEqual({
        inUrl: {
          deprecation: `@${Date.UTC(2026, 10, 25) / 1000}`,
          link: '</docs#deprecations>; rel="deprecation"; type="text/html"',
        },
        bearer: { deprecation: null, link: null },
      });
      await page.close();
    });

    it('keeps a keyed answer apart from an anonymous one in its HTTP cache, and reads the RateLimit fields', async () => {
      const cachedPath = '/v1/items?limit=3';
      const page = await browser.newPage();
      const watch = await watchPage(page);
      await page.goto(app.url);
      // The same URL twice from one page, with the browser's default cache mode: anonymous, then keyed.
      const seen = await page.evaluate(
        async ({ url, key }) => {
          const read = (response: Response) => ({
            limit: response.headers.get('ratelimit-limit'),
            remaining: response.headers.get('ratelimit-remaining'),
            reset: response.headers.get('ratelimit-reset'),
            policy: response.headers.get('ratelimit-policy'),
            rateLimit: response.headers.get('ratelimit'),
          });
          const anonymous = read(await fetch(url));
          const keyed = read(await fetch(url, { headers: { Authorization: `Bearer ${key}` } }));
          return { anonymous, keyed };
        },
        { url: `${api.url}${cachedPath}`, key: TEST_KEY },
      );

      expect(seen.anonymous).toMatchObject({ limit: '60', policy: '"anonymous";q=60;w=60' });
      expect(seen.anonymous.rateLimit).toBe(
        `"anonymous";r=${seen.anonymous.remaining};t=${seen.anonymous.reset}`,
      );
      // Served from the cache, the keyed request would show the anonymous tier's headers.
      expect(seen.keyed).toMatchObject({ limit: '600', policy: '"community";q=600;w=60' });
      expect(seen.keyed.rateLimit).toBe(
        `"community";r=${seen.keyed.remaining};t=${seen.keyed.reset}`,
      );
      expect(watch.pageErrors).toEqual([]);
      // Both reached the server: the keyed one was not answered from the anonymous one's cache entry.
      const gets = () =>
        requestLog(api).filter((entry) => entry.method === 'GET' && entry.path === cachedPath);
      await waitFor(() => gets().length === 2);
      expect(gets().map((entry) => entry.keyId)).toEqual([undefined, 'key_test01']);
      await page.close();
    });
  },
);
