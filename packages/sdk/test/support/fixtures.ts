import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  createApp,
  generateApiKey,
  hashApiKey,
  type AppDeps,
  type Dataset,
  type KeyRecord,
} from '@gamedata/core';
/** The demo releases both adapters serve by default, and the current one as the shared test support loads it. */
import {
  copyDemoReleases,
  DEMO_EXPORT_DIR,
  DEMO_RELEASES_DIR as RELEASES_DIR,
  demo,
  publishForTest,
} from '@gamedata/test-support/demo';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

export { RELEASES_DIR, demo };

/** The Node adapter as an operator runs it: its built `dist/main.js`, found through its package's exports. */
const NODE_ADAPTER = createRequire(import.meta.url).resolve('@gamedata/node/main');

/** Starts the built Node adapter on a free port with `env`, and waits until it is ready. */
export const spawnNodeAdapter = (env: Record<string, string>): Promise<ServerProcess> =>
  spawnServer(NODE_ADAPTER, env);
export const NEXT_VERSION = '2026-12-01.1';

/** A valid key and its key-file record: keyed requests get the community tier (600 a minute). */
export const TEST_KEY = generateApiKey();
export const TEST_KEY_RECORD: KeyRecord = {
  id: 'key_sdk_tests',
  name: 'sdk tests',
  created: '2026-11-01T00:00:00Z',
  revoked: false,
  hash: await hashApiKey(TEST_KEY),
};

/** Writes a key file holding TEST_KEY, for the Node adapter's GAMEDATA_KEYS_FILE. */
export async function writeTestKeyFile(): Promise<string> {
  const path = join(await makeTempDir('sdk-keys'), 'keys.json');
  await writeFile(path, JSON.stringify({ keys: [TEST_KEY_RECORD] }));
  return path;
}

/** A copy of the demo releases whose current release is the demo's content republished as NEXT_VERSION. */
export async function writeRepublishedReleases(): Promise<string> {
  const releasesDir = await copyDemoReleases();
  await publishForTest(DEMO_EXPORT_DIR, {
    releasesDir,
    at: new Date(`${NEXT_VERSION.slice(0, 10)}T08:00:00Z`),
  });
  return releasesDir;
}

/** The demo dataset in memory, published as `version`. */
export const republish = (dataset: Dataset, version = NEXT_VERSION): Dataset => ({
  ...dataset,
  meta: { ...dataset.meta, version },
});

export type FetchRequest = (request: Request) => Response | Promise<Response>;

/** The core app's own fetch, as the SDK calls it, with the client address an adapter would pass. */
export function inProcessFetch(deps: AppDeps, clientIp = '203.0.113.1'): FetchRequest {
  const app = createApp(deps);
  return (request) => app.fetch(request, { clientIp });
}

/** One request the client made and the status it got. */
export interface Exchange {
  url: string;
  status: number;
  ifNoneMatch: string | null;
}

/** Wraps a fetch to record every exchange, so tests can see retries and 304s. */
export function recordExchanges(fetch: FetchRequest): { fetch: FetchRequest; log: Exchange[] } {
  const log: Exchange[] = [];
  return {
    log,
    fetch: async (request) => {
      const response = await fetch(request);
      log.push({
        url: request.url,
        status: response.status,
        ifNoneMatch: request.headers.get('if-none-match'),
      });
      return response;
    },
  };
}
