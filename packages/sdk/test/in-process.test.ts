import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client against core's app in this process (`fetch` is the app's own), so the whole contract
// runs without a socket. Waits between retries go through a stand-in for `sleep` that moves the
// server's clock instead of blocking, and records what the client asked for.
const clock = vi.hoisted(() => ({ now: 0, sleeps: [] as number[] }));
vi.mock('../src/sleep.js', () => ({
  sleep: async (ms: number) => {
    clock.sleeps.push(ms);
    clock.now += ms;
  },
}));
// The package's test files share one module graph, which an earlier file may have loaded with the
// real sleep: this file loads its own, and leaves none with the stand-in to the files after it.
vi.resetModules();
afterAll(() => {
  vi.doUnmock('../src/sleep.js');
  vi.resetModules();
});
const { createApp, createKeyStore, windowStartOf } = await import('@gamedata/core');
const { createClient, DatasetChangedError } = await import('../src/index.js');
const { runClientContract } = await import('./support/client-contract.js');
const { demo, inProcessFetch, NEXT_VERSION, recordExchanges, republish, TEST_KEY_RECORD } =
  await import('./support/fixtures.js');

const BASE = 'http://api.test';
const WINDOW_MS = 60_000;
const keyStore = createKeyStore([TEST_KEY_RECORD]);
const unlimited = { consume: async () => 1 };

beforeEach(() => {
  clock.now = windowStartOf(Date.UTC(2026, 10, 22, 12, 0, 0), WINDOW_MS) + 10_000; // 10 s into a window
  clock.sleeps = [];
});

describe('against the core app, in process', () => {
  const fetch = inProcessFetch({ dataset: demo, keyStore, now: () => clock.now });
  runClientContract(() => ({ baseUrl: BASE, fetch }));
});

it("accepts the app's own fetch as is", async () => {
  const app = createApp({ dataset: demo });
  const gd = createClient({ baseUrl: BASE, fetch: app.fetch });
  expect(await gd.meta()).toEqual(demo.meta);
  expect(gd.datasetVersion).toBe(demo.meta.version);
});

it('status() reads the state of the instance that answered', async () => {
  const started = clock.now;
  const gd = createClient({
    baseUrl: BASE,
    fetch: createApp({ dataset: demo, rateLimitStore: unlimited, now: () => clock.now }).fetch,
  });
  clock.now += 60_000;
  expect(await gd.status()).toEqual({
    version: demo.meta.version,
    published: demo.meta.published,
    sinceVersions: 1 + demo.history.changes.length,
    rateLimits: 'shared',
    started: new Date(started).toISOString(),
  });
});

describe('rate limits, in process', () => {
  it('a 429 is waited out for retry-after, then the retry succeeds', async () => {
    const { fetch, log } = recordExchanges(inProcessFetch({ dataset: demo, now: () => clock.now }));
    // A deadline that allows the wait: the default (10 s) would throw the 429 at once.
    const gd = createClient({ baseUrl: BASE, fetch, cache: false, deadlineMs: 120_000 });
    for (let i = 0; i < 60; i++) await gd.meta(); // the anonymous allowance of this window
    expect(gd.rateLimit).toEqual({
      limit: 60,
      remaining: 0,
      reset: 50,
      policy: 'anonymous',
      window: 60,
    });

    expect(await gd.meta()).toEqual(demo.meta);
    expect(log.slice(-2).map((e) => e.status)).toEqual([429, 200]);
    expect(clock.sleeps).toEqual([50_000]); // retry-after, to the second: the next window
    expect(gd.rateLimit).toEqual({
      limit: 60,
      remaining: 59,
      reset: 60,
      policy: 'anonymous',
      window: 60,
    });
  });

  it('a retry-after longer than maxRetryAfterMs is thrown at once as RateLimitedError', async () => {
    const { fetch, log } = recordExchanges(inProcessFetch({ dataset: demo, now: () => clock.now }));
    const gd = createClient({ baseUrl: BASE, fetch, cache: false, maxRetryAfterMs: 10_000 });
    for (let i = 0; i < 60; i++) await gd.meta();
    await expect(gd.meta()).rejects.toMatchObject({
      name: 'RateLimitedError',
      status: 429,
      retryAfter: 50,
      rateLimit: { limit: 60, remaining: 0, reset: 50, policy: 'anonymous', window: 60 },
    });
    expect(log).toHaveLength(61);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('a new dataset published while the client is in use, in process', () => {
  /** One address whose server is replaced by one serving NEXT_VERSION when `republish()` is called. */
  function redeployable() {
    const servers = [
      inProcessFetch({ dataset: demo, rateLimitStore: unlimited }),
      inProcessFetch({ dataset: republish(demo), rateLimitStore: unlimited }),
    ];
    let current = 0;
    return {
      fetch: (request: Request) => (servers[current] as (typeof servers)[0])(request),
      republish: () => (current = 1),
    };
  }

  it('onDatasetChange hears of the new version once', async () => {
    const server = redeployable();
    const onDatasetChange = vi.fn();
    const gd = createClient({ baseUrl: BASE, fetch: server.fetch, onDatasetChange });
    await gd.meta();
    await gd.items.list();
    server.republish();
    // Revalidated although fresh; the list kept from the old version is then revalidated too.
    expect((await gd.meta({ cache: 'no-cache' })).version).toBe(NEXT_VERSION);
    expect((await gd.items.list()).datasetVersion).toBe(NEXT_VERSION);
    expect(onDatasetChange.mock.calls).toEqual([[{ from: demo.meta.version, to: NEXT_VERSION }]]);
    expect(gd.datasetVersion).toBe(NEXT_VERSION);
  });

  it('iterate stops with DatasetChangedError instead of mixing versions; walking again reads the new one whole', async () => {
    const server = redeployable();
    const gd = createClient({ baseUrl: BASE, fetch: server.fetch });
    const walked: string[] = [];
    const failure = await (async () => {
      for await (const item of gd.items.iterate()) {
        walked.push(item.id);
        if (walked.length === 200) server.republish();
      }
    })().catch((e: unknown) => e);

    expect(walked).toEqual(demo.lists.items.records.slice(0, 200).map((i) => i.id));
    expect(failure).toBeInstanceOf(DatasetChangedError);
    expect(failure).toMatchObject({
      from: demo.meta.version,
      to: NEXT_VERSION,
      cause: { status: 400, message: expect.stringContaining('start again from the first page') },
    });

    const again: string[] = [];
    for await (const item of gd.items.iterate()) again.push(item.id);
    expect(again).toEqual(demo.lists.items.records.map((i) => i.id));
  });
});
