import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, generateApiKey, hashApiKey, type AppDeps, type Dataset, type KeyRecord } from '@gamedata/core';
/** The demo dataset both adapters serve by default, as the shared test support loads it. */
import { DEMO_DATASET_DIR as DATASET_DIR, demo } from '@gamedata/test-support/demo';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';

export { DATASET_DIR, demo };

/** The Node adapter as an operator runs it: its built `dist/main.js`, found through its package's exports. */
const NODE_ADAPTER = createRequire(import.meta.url).resolve('@gamedata/node/main');

/** Starts the built Node adapter on a free port with `env`, and waits until it is ready. */
export const spawnNodeAdapter = (env: Record<string, string>): Promise<ServerProcess> => spawnServer(NODE_ADAPTER, env);
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

/** A fresh temporary directory for one test run. */
export const makeTempDir = (name: string) => mkdtemp(join(tmpdir(), `gamedata-sdk-${name}-`));

/** Writes a key file holding TEST_KEY, for the Node adapter's GAMEDATA_KEYS_FILE. */
export async function writeTestKeyFile(): Promise<string> {
  const path = join(await makeTempDir('keys'), 'keys.json');
  await writeFile(path, JSON.stringify({ keys: [TEST_KEY_RECORD] }));
  return path;
}

/**
 * A dataset directory identical to the demo but published as `version`: the manifest is rewritten,
 * everything else is linked to the demo files.
 */
export async function writeRepublishedDataset(version = NEXT_VERSION): Promise<string> {
  const dir = await makeTempDir('dataset');
  for (const file of ['items.json', 'abilities.json', 'relics.json', 'followers.json', 'stats.json', 'sprites']) {
    await symlink(join(DATASET_DIR, file), join(dir, file));
  }
  const manifest = JSON.parse(await readFile(join(DATASET_DIR, 'manifest.json'), 'utf8'));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, version }));
  return dir;
}

/** The demo dataset in memory, published as `version`. */
export const republish = (dataset: Dataset, version = NEXT_VERSION): Dataset => ({ ...dataset, meta: { ...dataset.meta, version } });

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
      log.push({ url: request.url, status: response.status, ifNoneMatch: request.headers.get('if-none-match') });
      return response;
    },
  };
}
