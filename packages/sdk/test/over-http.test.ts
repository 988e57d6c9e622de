import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningServer } from '@gamedata/node/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerProcess } from '@gamedata/test-support/spawn';
import type { RetryEvent } from '../src/index.js';

// The client over real sockets against the Node adapter: the built `gamedata` server started as a
// process, as an operator runs it. Waits between retries go through a stand-in for `sleep` that moves
// the (fake) wall clock instead of blocking, and records what the client asked for.
const waits = vi.hoisted(() => [] as number[]);
vi.mock('../src/sleep.js', () => ({
  sleep: async (ms: number) => {
    waits.push(ms);
    vi.setSystemTime(Date.now() + ms);
  },
}));
// The package's test files share one module graph, which an earlier file may have loaded with the
// real sleep: this file loads its own, and leaves none with the stand-in to the files after it.
vi.resetModules();
afterAll(() => {
  vi.doUnmock('../src/sleep.js');
  vi.resetModules();
});
const { windowStartOf } = await import('@gamedata/core');
const { startServer } = await import('@gamedata/node/server');
const { copyDemoReleases, DEMO_EXPORT_DIR, demoRelease, publishForTest } =
  await import('@gamedata/test-support/demo');
const { ROLLBACK_VERSIONS, writeRolledBackReleases } =
  await import('@gamedata/test-support/history-table');
const { makeTempDir } = await import('@gamedata/test-temp-dirs/make-temp-dir');
const { createClient, DatasetChangedError, RateLimitedError } = await import('../src/index.js');
const { runClientContract } = await import('./support/client-contract.js');
const {
  RELEASES_DIR,
  demo,
  NEXT_VERSION,
  recordExchanges,
  spawnNodeAdapter,
  TEST_KEY,
  writeRepublishedReleases,
  writeTestKeyFile,
} = await import('./support/fixtures.js');

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

describe('against the Node adapter, over HTTP', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnNodeAdapter({
      GAMEDATA_RELEASES_DIR: RELEASES_DIR,
      GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
    });
  });
  afterAll(() => stop(server));

  runClientContract(() => ({ baseUrl: server.url, fetch: (request) => fetch(request) }));
});

describe('rate limits, over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The server in this process, so that its clock is the test's: the fake Date starts 10 s into a
    // window and moves only when the client waits.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(windowStartOf(Date.now(), 60_000) + 10_000);
    const keysFile = `${await makeTempDir('no-keys')}/keys.json`;
    server = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir: RELEASES_DIR, keysFile },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
  });
  afterAll(async () => {
    await server.close();
    vi.useRealTimers();
  });

  it('a 429 is waited out for retry-after, then the retry succeeds', async () => {
    const { fetch: recorded, log } = recordExchanges((request) => fetch(request));
    // A deadline that allows the wait: the default (10 s) would throw the 429 at once.
    const gd = createClient({ baseUrl: server.url, fetch: recorded, deadlineMs: 120_000 });
    const revalidate = { cache: 'no-cache' } as const;
    for (let i = 0; i < 60; i++) await gd.meta(revalidate); // the anonymous allowance of this window (304s count too)
    expect(gd.rateLimit).toMatchObject({ limit: 60, remaining: 0 });

    expect(await gd.meta(revalidate)).toEqual(demo.meta);
    expect(log.slice(-2).map((e) => e.status)).toEqual([429, 304]);
    expect(waits).toEqual([50_000]);
  });

  it('with default options, a 429 asking 49 s: onRetry hears the 49 s, and the call throws RateLimitedError without waiting', async () => {
    vi.setSystemTime(windowStartOf(Date.now(), 60_000) + 60_000 + 11_000); // 11 s into a new window
    waits.length = 0;
    const onRetry = vi.fn<(event: RetryEvent) => void>();
    const { fetch: recorded, log } = recordExchanges((request) => fetch(request));
    const gd = createClient({ baseUrl: server.url, fetch: recorded, onRetry });
    for (let i = 0; i < 60; i++) await gd.meta({ cache: 'no-cache' });
    expect(onRetry).not.toHaveBeenCalled();

    const failure = await gd.meta({ cache: 'no-cache' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RateLimitedError);
    expect(failure).toMatchObject({ retryAfter: 49, requestId: expect.any(String) });
    expect(onRetry.mock.calls).toEqual([
      [
        expect.objectContaining({
          reason: 'rate_limited',
          attempt: 1,
          delayMs: 49_000,
          willWait: false,
          error: failure,
        }),
      ],
    ]);
    expect(log).toHaveLength(61);
    expect(waits).toEqual([]);
  });
});

describe('a new dataset published while the client is in use, over HTTP', () => {
  let before: ServerProcess;
  let after: ServerProcess;
  beforeAll(async () => {
    const keys = { GAMEDATA_KEYS_FILE: await writeTestKeyFile() };
    [before, after] = await Promise.all([
      spawnNodeAdapter({ ...keys, GAMEDATA_RELEASES_DIR: RELEASES_DIR }),
      spawnNodeAdapter({ ...keys, GAMEDATA_RELEASES_DIR: await writeRepublishedReleases() }),
    ]);
  });
  afterAll(() => Promise.all([stop(before), stop(after)]));

  /** One address: requests go to `before` until `republish()`, then to `after`, as in a redeploy. */
  function redeployable() {
    let target = before;
    const fetchCurrent = (request: Request) =>
      fetch(new Request(request.url.replace(before.url, target.url), request));
    return { baseUrl: before.url, fetch: fetchCurrent, republish: () => (target = after) };
  }

  it('onDatasetChange hears of the new version', async () => {
    const server = redeployable();
    const onDatasetChange = vi.fn();
    const gd = createClient({ baseUrl: server.baseUrl, fetch: server.fetch, onDatasetChange });
    await gd.items.list({ limit: 1 });
    server.republish();
    await gd.items.list({ limit: 1 }, { cache: 'no-cache' });
    expect(onDatasetChange.mock.calls).toEqual([[{ from: demo.meta.version, to: NEXT_VERSION }]]);
  });

  it('iterate stops with DatasetChangedError instead of mixing versions', async () => {
    const server = redeployable();
    const gd = createClient({ baseUrl: server.baseUrl, fetch: server.fetch });
    const walked: string[] = [];
    const failure = await (async () => {
      for await (const item of gd.items.iterate({ limit: 100 })) {
        walked.push(item.id);
        if (walked.length === 100) server.republish();
      }
    })().catch((e: unknown) => e);
    expect(walked).toEqual(demo.lists.items.records.slice(0, 100).map((i) => i.id));
    expect(failure).toBeInstanceOf(DatasetChangedError);
    expect(failure).toMatchObject({
      from: demo.meta.version,
      to: NEXT_VERSION,
      cause: { message: expect.stringContaining('start again from the first page') },
    });
  });
});

describe('gd.sync across a release published to a running server', () => {
  it('after publish-dataset and SIGHUP, brings the state of the old release to the new one with what changed', async () => {
    const releasesDir = await copyDemoReleases();
    const server = await spawnNodeAdapter({
      GAMEDATA_RELEASES_DIR: releasesDir,
      GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
    });
    try {
      const { fetch: recorded, log } = recordExchanges((request) => fetch(request));
      const gd = createClient({ baseUrl: server.url, fetch: recorded, apiKey: TEST_KEY });
      const old = await gd.sync();
      expect(old.version).toBe(demo.meta.version);

      // A patch: one item's first stat rebalanced, one ability renamed.
      const exportDir = await makeTempDir('export');
      await cp(DEMO_EXPORT_DIR, exportDir, {
        recursive: true,
        filter: (src) => !src.includes('tools') && !src.includes('node_modules'),
      });
      type Editable = { name?: string; stats?: Array<{ value: number }> };
      const edit = async (file: string, change: (records: Editable[]) => void) => {
        const records = JSON.parse(await readFile(join(exportDir, file), 'utf8'));
        change(records);
        await writeFile(join(exportDir, file), JSON.stringify(records));
      };
      await edit(
        'items.json',
        (items) => void (items.find((item) => item.stats?.length)!.stats![0]!.value += 5),
      );
      await edit('abilities.json', (abilities) => void (abilities[0]!.name = 'Renamed'));
      await publishForTest(exportDir, {
        releasesDir,
        at: new Date(`${NEXT_VERSION.slice(0, 10)}T08:00:00Z`),
      });
      server.child.kill('SIGHUP');
      await vi.waitFor(
        async () => expect((await gd.meta({ cache: 'no-cache' })).version).toBe(NEXT_VERSION),
        { timeout: 5000, interval: 50 },
      );

      log.length = 0;
      const next = await gd.sync(old);
      const release = await demoRelease(undefined, releasesDir);
      expect(next).toEqual({
        version: NEXT_VERSION,
        baseUrl: server.url,
        items: release.lists.items.records,
        abilities: release.lists.abilities.records,
        relics: release.lists.relics.records,
        followers: release.lists.followers.records,
        stats: release.stats,
      });
      // What changed and the changed records in one answer.
      expect(log.map((exchange) => new URL(exchange.url).pathname)).toEqual(['/v1/changes']);
    } finally {
      await stop(server);
    }
  });
});

describe('gd.sync after a rollback, over HTTP', () => {
  it('from a release rolled back over, takes the net change with what changed, not the bulk files', async () => {
    // publish .1, .2, use .1, publish .3: the client synced while .2 was current.
    const releasesDir = await writeRolledBackReleases();
    const server = await spawnNodeAdapter({
      GAMEDATA_RELEASES_DIR: releasesDir,
      GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
    });
    try {
      const [current, rolledBack] = await Promise.all([
        demoRelease(undefined, releasesDir),
        demoRelease(ROLLBACK_VERSIONS.rolledBack, releasesDir),
      ]);
      const recorded = recordExchanges((request) => fetch(request));
      const gd = createClient({ baseUrl: server.url, fetch: recorded.fetch, cache: false });
      const held = {
        version: rolledBack.meta.version,
        baseUrl: server.url,
        items: [...rolledBack.lists.items.records],
        relics: [...rolledBack.lists.relics.records],
      };
      expect(await gd.sync(held)).toEqual({
        version: ROLLBACK_VERSIONS.current,
        baseUrl: server.url,
        items: current.lists.items.records,
        relics: current.lists.relics.records,
      });
      expect(recorded.log.map((exchange) => new URL(exchange.url).pathname)).toEqual([
        '/v1/changes',
      ]);
    } finally {
      await stop(server);
    }
  });
});
