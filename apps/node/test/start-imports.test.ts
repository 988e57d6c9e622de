import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeTestKeyFile } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { spawnServer } from './support/spawn.js';

const RECORDER = fileURLToPath(new URL('./support/record-imports.mjs', import.meta.url));

/** Starts the built server with the recorder, and gives the packages it had loaded once it was ready. */
async function packagesLoadedAtStart(env: Record<string, string>): Promise<string[]> {
  const log = join(await makeTempDir('start-imports'), 'imports.log');
  const server = await spawnServer({ ...env, NODE_OPTIONS: `--import=${RECORDER}`, GAMEDATA_TEST_IMPORT_LOG: log });
  try {
    const urls = (await readFile(log, 'utf8')).trim().split('\n');
    return [...new Set(urls.flatMap((url) => /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []))];
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

// Every module a start loads is paid for by each start (and each instance a platform scales out to);
// a large release is ready in about a second only if the server loads what it serves with and no more.
describe('what the server loads to start', () => {
  it('serves without the dataset validator (zod), prom-client or the Redis client when it has no keys, metrics or Redis', async () => {
    const loaded = await packagesLoadedAtStart({ GAMEDATA_KEYS_FILE: '/nonexistent/keys.json' });
    expect(loaded).toEqual(expect.arrayContaining(['hono', '@hono/node-server', 'pino']));
    expect(loaded.filter((name) => ['zod', 'prom-client', '@redis/client', 'redis', '@opentelemetry/api'].includes(name))).toEqual([]);
  });

  it('loads the validator for a key file, and prom-client for metrics, when they are configured', async () => {
    const { path } = await writeTestKeyFile();
    const loaded = await packagesLoadedAtStart({ GAMEDATA_KEYS_FILE: path, GAMEDATA_METRICS_PORT: '0' });
    expect(loaded).toEqual(expect.arrayContaining(['zod', 'prom-client']));
  });
});
