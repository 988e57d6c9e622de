import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@gamedata/test-support/chromium';
import type { ServerProcess } from '@gamedata/test-support/spawn';
import { runtimeBinary, type Runtime } from './support/runtime-binaries.js';
import {
  demo,
  RELEASES_DIR,
  spawnNodeAdapter,
  TEST_KEY,
  writeTestKeyFile,
} from './support/fixtures.js';

// The built client (`dist/index.js`, what npm users get) in the runtimes it claims besides Node, each
// running test/runtimes/contract.mjs against the Node adapter started here.
const BUILT_SDK = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const CONTRACT = fileURLToPath(new URL('./runtimes/contract.mjs', import.meta.url));
const RUN_CONTRACT = fileURLToPath(new URL('./runtimes/run-contract.mjs', import.meta.url));

const items = demo.lists.items.records;
const expected = {
  page: {
    ids: items.slice(0, 10).map((item) => item.id),
    meta: { total: items.length, count: 10, cursor: expect.any(String) },
    datasetVersion: demo.meta.version,
    rateLimit: [600, 'community', 60],
  },
  record: items[3],
  walked: demo.lists.relics.records.map((relic) => relic.id),
  imageSignature: [137, 80, 78, 71, 13, 10, 26, 10],
  notFound: { notFound: true, badRequest: false, status: 404, code: 'not_found' },
  badRequest: { notFound: false, badRequest: true, status: 400, code: 'bad_request' },
};

/** Runs the built client in a runtime of this package's devDependencies. */
function runRuntime(runtime: Runtime, args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) =>
    execFile(runtimeBinary(runtime), args, (error, stdout, stderr) => {
      if (error) reject(new Error(`${runtime} failed: ${stderr}`));
      else resolve(JSON.parse(stdout));
    }),
  );
}

/**
 * The browser app's own origin: an empty page and the two modules, on another loopback port than the
 * API's (Chromium lets only a page on a loopback address call a loopback server: Local Network Access).
 */
async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  const files: Record<string, string> = { '/sdk.js': BUILT_SDK, '/contract.mjs': CONTRACT };
  const server = createServer(async (request, response) => {
    const file = files[request.url ?? ''];
    if (!file)
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>app</title><link rel="icon" href="data:,">');
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe(
  'the built client in other runtimes, against the Node adapter',
  { timeout: 60_000 },
  () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await spawnNodeAdapter({
        GAMEDATA_RELEASES_DIR: RELEASES_DIR,
        GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
      });
    });
    afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
    });

    it('Bun', async () => {
      expect(await runRuntime('bun', [RUN_CONTRACT, server.url, TEST_KEY])).toEqual(expected);
    });

    it('Deno', async () => {
      const host = new URL(server.url).host;
      expect(
        await runRuntime('deno', [
          'run',
          `--allow-net=${host}`,
          RUN_CONTRACT,
          server.url,
          TEST_KEY,
        ]),
      ).toEqual(expected);
    });

    describe('headless Chromium, from a page on another origin', () => {
      let browser: Browser;
      let app: { url: string; close(): Promise<void> };
      beforeAll(async () => {
        browser = await launchChromium();
        app = await serveApp();
      });
      afterAll(async () => {
        await browser?.close();
        await app?.close();
      });

      it('Chromium', async () => {
        const page = await browser.newPage();
        await page.goto(app.url);
        const seen = await page.evaluate(
          `Promise.all([import('/sdk.js'), import('/contract.mjs')]).then(([sdk, { checkContract }]) => checkContract(sdk, ${JSON.stringify(server.url)}, ${JSON.stringify(TEST_KEY)}))`,
        );
        expect(seen).toEqual(expected);
        await page.close();
      });
    });
  },
);
