import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeTestKeyFile } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { spawnServer } from './support/spawn.js';

const RECORDER = fileURLToPath(new URL('./support/record-imports.mjs', import.meta.url));
const DIST = new URL('../dist/', import.meta.url);

/** esbuild's account of the bundle: the source files each output file holds. */
const metafile = JSON.parse(await readFile(new URL('metafile-esm.json', DIST), 'utf8')) as {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
};
const sourcesOf = (url: string): string[] => {
  const path = fileURLToPath(url);
  const output = Object.entries(metafile.outputs).find(([name]) => path.endsWith(`/${name}`));
  return output ? Object.keys(output[1].inputs) : [path];
};
const packageOf = (path: string) =>
  /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? [];

/**
 * Starts the built server with the recorder, and gives the packages whose code it had loaded once it
 * was ready: those bundled into the files it loaded, and those it imported from node_modules.
 */
async function packagesLoadedAtStart(env: Record<string, string>): Promise<string[]> {
  const log = join(await makeTempDir('start-imports'), 'imports.log');
  const server = await spawnServer({
    ...env,
    NODE_OPTIONS: `--import=${RECORDER}`,
    GAMEDATA_TEST_IMPORT_LOG: log,
  });
  try {
    const urls = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .filter((url) => url.startsWith('file:'));
    return [...new Set(urls.flatMap(sourcesOf).flatMap(packageOf))];
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
    expect(
      loaded.filter((name) =>
        ['zod', 'prom-client', '@redis/client', 'redis', '@opentelemetry/api'].includes(name),
      ),
    ).toEqual([]);
  });

  it('loads the validator for a key file, and prom-client for metrics, when they are configured', async () => {
    const { path } = await writeTestKeyFile();
    const loaded = await packagesLoadedAtStart({
      GAMEDATA_KEYS_FILE: path,
      GAMEDATA_METRICS_PORT: '0',
    });
    expect(loaded).toEqual(expect.arrayContaining(['zod', 'prom-client']));
  });
});
