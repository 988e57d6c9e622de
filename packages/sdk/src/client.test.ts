import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptions } from './client-options.js';
import { createClient } from './client.js';
import {
  BadRequestError,
  DatasetChangedError,
  GameDataError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
} from './errors.js';
import type { CachedResponse } from './response-cache.js';

// The client against a scripted fetch: each request takes the next step of the script. Time is fake,
// so retries, backoff and timeouts are checked to the millisecond without waiting.

const V1 = '2026-11-20.1';
const V2 = '2026-12-01.1';
const BASE = 'http://api.test';

type Step = Response | Error | 'hang' | 'ignore-abort' | ((request: Request) => Response);

function script(...steps: Step[]) {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request);
    const step = steps.shift();
    if (step === undefined) throw new Error(`unscripted request ${request.url}`);
    if (step === 'hang') {
      // Like a real fetch: pending until its signal aborts.
      return new Promise((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    }
    if (step === 'ignore-abort') return new Promise(() => {});
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(request) : step;
  };
  return { fetch, requests };
}

function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? null : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json', 'x-dataset-version': V1, ...headers },
  });
}

const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  reply(status, { error: { code, message: `${code} message` } }, headers);
const META = {
  version: V1,
  published: '2026-11-20T09:30:00Z',
  counts: { items: 1, abilities: 0, relics: 0, followers: 0, stats: 0 },
  license: 'CC BY 4.0',
  docs: '/docs',
};
const ok = (headers: Record<string, string> = {}) => reply(200, { data: META }, headers);
const page = (ids: string[], cursor?: string, headers: Record<string, string> = {}) =>
  reply(
    200,
    {
      data: ids.map((id) => ({ id, name: id })),
      meta: { total: 99, count: ids.length, ...(cursor ? { cursor } : {}) },
    },
    headers,
  );

function client(steps: Step[], options: Partial<ClientOptions> = {}) {
  const { fetch, requests } = script(...steps);
  return { gd: createClient({ baseUrl: BASE, fetch, ...options }), requests };
}

/** Settles without an unhandled rejection, so a test can advance time before looking. */
function observe<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  );
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
  // Backoff jitter at its top: the waits are exactly 500, 1000, 2000 ms.
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('GETs the list with its filters as the query, and each record by its encoded id', async () => {
    const { gd, requests } = client([page(['a']), reply(200, { data: { id: 'a/b', name: 'x' } })]);
    await gd.items.list({
      slot: 'head',
      rarity: 'legendary',
      cosmetic: false,
      q: undefined,
      limit: 5,
    });
    await gd.items.get('a/b');
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', `${BASE}/v1/items?slot=head&rarity=legendary&cosmetic=false&limit=5`],
      ['GET', `${BASE}/v1/items/a%2Fb`],
    ]);
  });

  it.each([
    [
      'abilities',
      (gd: ReturnType<typeof createClient>) => gd.abilities.list({ category: 'arcane', q: 'mark' }),
      '/v1/abilities?category=arcane&q=mark',
    ],
    [
      'relics',
      (gd: ReturnType<typeof createClient>) => gd.relics.list({ rarity: 3 }),
      '/v1/relics?rarity=3',
    ],
    [
      'followers',
      (gd: ReturnType<typeof createClient>) => gd.followers.get('bram'),
      '/v1/followers/bram',
    ],
    ['stats', (gd: ReturnType<typeof createClient>) => gd.stats.list(), '/v1/stats'],
    ['meta', (gd: ReturnType<typeof createClient>) => gd.meta(), '/v1/meta'],
    ['status', (gd: ReturnType<typeof createClient>) => gd.status(), '/v1/status'],
    [
      'image',
      (gd: ReturnType<typeof createClient>) => gd.image('item.head.4.a'),
      '/v1/img/item.head.4.a.png',
    ],
  ])('%s uses its path', async (_name, call, path) => {
    const answer = path.endsWith('.png')
      ? new Response(new Uint8Array([137]), { headers: { 'content-type': 'image/png' } })
      : page([]);
    const { gd, requests } = client([answer]);
    await call(gd);
    expect(requests[0]?.url).toBe(`${BASE}${path}`);
  });

  it('sends the key as a bearer token and never in the URL', async () => {
    const { gd, requests } = client(
      [ok(), new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } })],
      { apiKey: 'gd_secret' },
    );
    await gd.meta();
    await gd.image('x');
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe('Bearer gd_secret');
      expect(request.url).not.toContain('gd_secret');
    }
    expect(gd.imageUrl('x')).not.toContain('gd_secret');
  });

  it('sends no authorization without a key', async () => {
    const { gd, requests } = client([ok()]);
    await gd.meta();
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('joins baseUrl without doubling slashes, and builds image URLs from it', async () => {
    const { gd, requests } = client([ok()], { baseUrl: `${BASE}//` });
    await gd.meta();
    expect(requests[0]?.url).toBe(`${BASE}/v1/meta`);
    expect(gd.imageUrl('item.head-cloth.0.a')).toBe(`${BASE}/v1/img/item.head-cloth.0.a.png`);
    expect(gd.imageUrl('../x')).toBe(`${BASE}/v1/img/..%2Fx.png`);
    expect(gd.changesFeedUrl).toBe(`${BASE}/v1/changes.atom`);
  });

  it('uses the global fetch when none is given', async () => {
    const { fetch, requests } = script(ok());
    vi.stubGlobal('fetch', fetch);
    await createClient({ baseUrl: BASE }).meta();
    expect(requests).toHaveLength(1);
  });

  it.each([undefined, '', 'gamedata.example', 'ftp://gamedata.example'])(
    'refuses to start without an http(s) baseUrl (%s), naming the option',
    (baseUrl) => {
      expect(() => createClient({ baseUrl } as unknown as ClientOptions)).toThrow(
        /createClient needs baseUrl/,
      );
    },
  );

  it('returns the page with its meta, dataset version and rate-limit state', async () => {
    const { gd } = client([
      page(['a', 'b'], 'c1', {
        'ratelimit-limit': '60',
        'ratelimit-remaining': '41',
        'ratelimit-reset': '17',
      }),
    ]);
    expect(await gd.items.list()).toEqual({
      data: [
        { id: 'a', name: 'a' },
        { id: 'b', name: 'b' },
      ],
      meta: { total: 99, count: 2, cursor: 'c1' },
      datasetVersion: V1,
      rateLimit: { limit: 60, remaining: 41, reset: 17 },
      // A server that does not say its language.
      language: undefined,
      fallbackIds: [],
    });
    expect(gd.rateLimit).toEqual({ limit: 60, remaining: 41, reset: 17 });
    expect(gd.datasetVersion).toBe(V1);
  });
});

describe('errors', () => {
  it.each([
    [400, 'bad_request', BadRequestError],
    [404, 'not_found', NotFoundError],
    [405, 'method_not_allowed', GameDataError],
  ])('%i is thrown at once as %s, never retried', async (status, code, type) => {
    const { gd, requests } = client([
      error(status, code, {
        'ratelimit-limit': '60',
        'ratelimit-remaining': '5',
        'ratelimit-reset': '9',
      }),
    ]);
    const failure = await gd.items.get('x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(type);
    expect(failure).toMatchObject({
      status,
      code,
      message: `${code} message`,
      datasetVersion: V1,
      rateLimit: { limit: 60, remaining: 5, reset: 9 },
    });
    expect(requests).toHaveLength(1);
  });

  it("carries the failing response's x-request-id as requestId, from the last attempt", async () => {
    const attempts = [
      error(503, 'internal', { 'x-request-id': 'first' }),
      error(503, 'internal', { 'x-request-id': 'last' }),
    ];
    const { gd } = client(attempts, { maxRetries: 1 });
    const outcome = observe(gd.meta());
    await vi.runAllTimersAsync();
    expect(outcome.error).toBeInstanceOf(GameDataError);
    expect(outcome.error).toMatchObject({ status: 503, requestId: 'last' });
  });
});

describe('retries', () => {
  it('retries a 5xx with exponential backoff: 500 ms, then 1000 ms', async () => {
    const { gd, requests } = client([error(503, 'internal'), error(502, 'internal'), ok()]);
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(outcome).toMatchObject({ settled: true, value: META });
  });

  it('jitters the backoff between half and all of its ceiling', async () => {
    vi.mocked(Math.random).mockReturnValue(0);
    const { gd, requests } = client([error(500, 'internal'), ok()]);
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(249);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ settled: true, value: META });
  });

  it('throws the last typed error when retries run out (maxRetries + 1 attempts)', async () => {
    const { gd, requests } = client([
      error(500, 'internal'),
      error(500, 'internal'),
      error(500, 'internal'),
      ok(),
    ]);
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(3);
    expect(outcome.error).toBeInstanceOf(GameDataError);
    expect(outcome.error).toMatchObject({ status: 500, code: 'internal' });
  });

  it('makes one attempt only with maxRetries: 0', async () => {
    const { gd, requests } = client([error(503, 'internal'), ok()], { maxRetries: 0 });
    await expect(gd.meta()).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it('retries network failures and throws NetworkError with the cause when they persist', async () => {
    const cause = new TypeError('fetch failed');
    const { gd, requests } = client([cause, cause, ok()]);
    const recovered = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(1_500);
    expect(recovered).toMatchObject({ settled: true, value: META });
    expect(requests).toHaveLength(3);

    const failing = client([cause, cause, cause], { maxRetries: 2 });
    const outcome = observe(failing.gd.meta());
    await vi.advanceTimersByTimeAsync(1_500);
    expect(outcome.error).toBeInstanceOf(NetworkError);
    expect(outcome.error).toMatchObject({ status: 0, code: 'network', cause });
  });

  it('waits out retry-after on a 429, to the millisecond, then retries', async () => {
    const { gd, requests } = client([error(429, 'rate_limited', { 'retry-after': '3' }), ok()]);
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(outcome).toMatchObject({ settled: true, value: META });
  });

  it('honours retry-after given as an HTTP-date', async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 22, 12, 0, 0));
    const { gd, requests } = client([
      error(429, 'rate_limited', { 'retry-after': 'Sun, 22 Nov 2026 12:00:05 GMT' }),
      ok(),
    ]);
    observe(gd.meta());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
  });

  it('backs off on a 429 without retry-after', async () => {
    const { gd, requests } = client([error(429, 'rate_limited'), ok()]);
    observe(gd.meta());
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
  });

  it('throws RateLimitedError at once when retry-after is longer than maxRetryAfterMs', async () => {
    const { gd, requests } = client([error(429, 'rate_limited', { 'retry-after': '61' }), ok()]);
    const failure = await gd.meta().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RateLimitedError);
    expect(failure).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 61 });
    expect(requests).toHaveLength(1);
  });

  it('waits longer when maxRetryAfterMs allows it', async () => {
    const { gd, requests } = client([error(429, 'rate_limited', { 'retry-after': '90' }), ok()], {
      maxRetryAfterMs: 120_000,
      deadlineMs: 120_000,
    });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(90_000);
    expect(requests).toHaveLength(2);
    expect(outcome.value).toEqual(META);
  });

  it('throws RateLimitedError with retryAfter and rate-limit state when 429s outlast the retries', async () => {
    const limited = () =>
      error(429, 'rate_limited', {
        'retry-after': '1',
        'ratelimit-limit': '60',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '1',
      });
    const { gd, requests } = client([limited(), limited(), limited()]);
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(requests).toHaveLength(3);
    expect(outcome.error).toBeInstanceOf(RateLimitedError);
    expect(outcome.error).toMatchObject({
      retryAfter: 1,
      rateLimit: { limit: 60, remaining: 0, reset: 1 },
    });
  });
});

describe('timeouts and cancellation', () => {
  it('aborts the request after timeoutMs and throws TimeoutError', async () => {
    const { gd, requests } = client(['hang'], { timeoutMs: 1_000, maxRetries: 0 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome.settled).toBe(false);
    expect(requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect(outcome.error).toMatchObject({ status: 0, code: 'timeout', requestId: undefined });
  });

  it('times out even when the fetch ignores its signal', async () => {
    const { gd } = client(['ignore-abort'], { timeoutMs: 1_000, maxRetries: 0 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
  });

  it('counts reading the body in the timeout', async () => {
    const stalled = () => new Response(new ReadableStream({ start() {} }), { status: 200 });
    const { gd } = client([stalled], { timeoutMs: 1_000, maxRetries: 0 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
  });

  it('retries after a timeout, each attempt with its own timeout', async () => {
    const { gd, requests } = client(['hang', ok()], { timeoutMs: 1_000 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(1_000 + 500);
    expect(requests).toHaveLength(2);
    expect(outcome.value).toEqual(META);
  });

  it("rejects with the caller's reason when its signal aborts mid-request, and cancels the fetch", async () => {
    const { gd, requests } = client(['hang', ok()]);
    const controller = new AbortController();
    const outcome = observe(gd.meta({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error('user navigated away');
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.error).toBe(reason);
    expect(requests[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });

  it('stops waiting between retries when the signal aborts', async () => {
    const { gd, requests } = client([error(429, 'rate_limited', { 'retry-after': '30' }), ok()], {
      deadlineMs: 60_000,
    });
    const controller = new AbortController();
    const outcome = observe(gd.meta({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.error).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const { gd, requests } = client([ok()]);
    await expect(gd.meta({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(requests).toHaveLength(0);
  });

  it('leaves no timer behind after a request', async () => {
    const { gd } = client([ok()]);
    await gd.meta();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('conditional requests', () => {
  const tagged = (etag: string) => ok({ etag });

  it('revalidates with If-None-Match and reuses the cached body on 304', async () => {
    const { gd, requests } = client([
      tagged('W/"v1-abc"'),
      reply(304, undefined, { etag: 'W/"v1-abc"' }),
    ]);
    const first = await gd.meta();
    const second = await gd.meta();
    expect(requests[0]?.headers.has('if-none-match')).toBe(false);
    expect(requests[1]?.headers.get('if-none-match')).toBe('W/"v1-abc"');
    expect(second).toEqual(first);
    // A fresh object each time: a caller changing one result cannot change the cache.
    expect(second).not.toBe(first);
  });

  it('replaces the cached body when the answer changed', async () => {
    const changed = reply(200, { data: { ...META, license: 'new' } }, { etag: 'W/"v1-def"' });
    const { gd, requests } = client([tagged('W/"v1-abc"'), changed, reply(304)]);
    await gd.meta();
    expect((await gd.meta()).license).toBe('new');
    expect((await gd.meta()).license).toBe('new');
    expect(requests[2]?.headers.get('if-none-match')).toBe('W/"v1-def"');
  });

  it('keeps images as bytes and hands out copies', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const { gd, requests } = client([
      new Response(png, { headers: { etag: '"p1"' } }),
      new Response(null, { status: 304 }),
    ]);
    const first = await gd.image('x');
    first[0] = 0;
    const second = await gd.image('x');
    expect(requests[1]?.headers.get('if-none-match')).toBe('"p1"');
    expect([...second]).toEqual([137, 80, 78, 71]);
  });

  it('sends no validators with cache: false', async () => {
    const { gd, requests } = client([tagged('W/"v1-abc"'), tagged('W/"v1-abc"')], { cache: false });
    await gd.meta();
    await gd.meta();
    expect(requests[1]?.headers.has('if-none-match')).toBe(false);
  });

  it('uses a supplied cache, keyed by URL', async () => {
    const cache = new Map<string, CachedResponse>();
    const { gd } = client([tagged('W/"v1-abc"')], { cache });
    await gd.meta();
    expect(cache.get(`${BASE}/v1/meta`)).toEqual({
      etag: 'W/"v1-abc"',
      body: JSON.stringify({ data: META }),
      datasetVersion: V1,
      freshUntil: Date.now(),
    });
  });

  it('awaits an asynchronous cache', async () => {
    const entry = { etag: 'W/"v1-abc"', body: JSON.stringify({ data: META }) };
    const cache = { get: async () => entry, set: async () => {} };
    const { gd, requests } = client([reply(304)], { cache });
    expect(await gd.meta()).toEqual(META);
    expect(requests[0]?.headers.get('if-none-match')).toBe('W/"v1-abc"');
  });

  it('does not store errors', async () => {
    const cache = new Map<string, CachedResponse>();
    const { gd } = client([error(404, 'not_found', { etag: 'W/"v1-err"' })], { cache });
    await gd.items.get('x').catch(() => {});
    expect(cache.size).toBe(0);
  });
});

describe('deprecation notices', () => {
  const DEPRECATED = {
    deprecation: '@1795564800',
    link: '</docs#deprecations>; rel="deprecation"; type="text/html"',
  };

  it('tells onDeprecation once per notice, with its dates and the policy resolved against the request', async () => {
    const onDeprecation = vi.fn();
    const sunset = { ...DEPRECATED, sunset: 'Thu, 25 Nov 2027 00:00:00 GMT' };
    const { gd } = client(
      [ok(), ok(DEPRECATED), ok(DEPRECATED), error(404, 'not_found', DEPRECATED), ok(sunset)],
      { onDeprecation, cache: false },
    );
    await gd.meta();
    expect(onDeprecation).not.toHaveBeenCalled();
    await gd.meta();
    await gd.meta();
    await gd.items.get('x').catch(() => {});
    await gd.meta();
    expect(onDeprecation.mock.calls).toEqual([
      [
        {
          url: `${BASE}/v1/meta`,
          deprecatedAt: new Date(Date.UTC(2026, 10, 25)),
          link: `${BASE}/docs#deprecations`,
        },
      ],
      [
        {
          url: `${BASE}/v1/meta`,
          deprecatedAt: new Date(Date.UTC(2026, 10, 25)),
          sunsetAt: new Date(Date.UTC(2027, 10, 25)),
          link: `${BASE}/docs#deprecations`,
        },
      ],
    ]);
  });

  it('warns on the console once by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { gd } = client([ok(DEPRECATED), ok(DEPRECATED)], { cache: false });
    await gd.meta();
    await gd.meta();
    expect(warn.mock.calls).toEqual([
      [
        `@gamedata/sdk: ${BASE}/v1/meta uses something the API deprecated on 2026-11-25; see ${BASE}/docs#deprecations`,
      ],
    ]);
  });

  it('reads a link among others, and no link at all', async () => {
    const onDeprecation = vi.fn();
    const { gd } = client(
      [
        ok({
          deprecation: '@1795564800',
          link: '<https://x.test/a>; rel="next", <https://x.test/policy>; rel="deprecation"',
        }),
        ok({ deprecation: '@1795564801' }),
      ],
      { onDeprecation, cache: false },
    );
    await gd.meta();
    await gd.meta();
    expect(onDeprecation.mock.calls.map((call) => (call[0] as { link?: string }).link)).toEqual([
      'https://x.test/policy',
      undefined,
    ]);
  });
});

describe('dataset versions', () => {
  it('tells onDatasetChange when the version differs from the previous response', async () => {
    const onDatasetChange = vi.fn();
    const { gd } = client(
      [
        ok(),
        ok(),
        ok({ 'x-dataset-version': V2 }),
        error(404, 'not_found', { 'x-dataset-version': V2 }),
      ],
      { onDatasetChange },
    );
    await gd.meta();
    await gd.meta();
    expect(onDatasetChange).not.toHaveBeenCalled();
    await gd.meta();
    await gd.items.get('x').catch(() => {});
    expect(onDatasetChange.mock.calls).toEqual([[{ from: V1, to: V2 }]]);
    expect(gd.datasetVersion).toBe(V2);
  });

  it('iterate follows cursors with the largest page size, in order', async () => {
    const { gd, requests } = client([page(['a', 'b'], 'c1'), page(['c'], 'c2'), page(['d'])]);
    const ids: string[] = [];
    for await (const item of gd.items.iterate({ rarity: 'legendary' })) ids.push(item.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?rarity=legendary&limit=200',
      '?rarity=legendary&limit=200&cursor=c1',
      '?rarity=legendary&limit=200&cursor=c2',
    ]);
  });

  it('iterate keeps a given limit and starts from a given cursor', async () => {
    const { gd, requests } = client([page(['c'])]);
    for await (const _ of gd.relics.iterate({ limit: 5, cursor: 'c1' })) break;
    expect(new URL(requests[0]?.url ?? '').search).toBe('?limit=5&cursor=c1');
  });

  it('iterate throws DatasetChangedError when a later page has another version, after yielding only the first version', async () => {
    const { gd } = client([page(['a'], 'c1'), page(['b'], 'c2', { 'x-dataset-version': V2 })]);
    const ids: string[] = [];
    const failure = await (async () => {
      for await (const item of gd.items.iterate()) ids.push(item.id);
    })().catch((e: unknown) => e);
    expect(ids).toEqual(['a']);
    expect(failure).toBeInstanceOf(DatasetChangedError);
    expect(failure).toMatchObject({ from: V1, to: V2, code: 'dataset_changed' });
  });

  it('iterate turns the server refusing an old cursor into DatasetChangedError', async () => {
    const refused = error(400, 'bad_request', {
      'x-dataset-version': V2,
      'x-request-id': 'refusal',
    });
    const { gd } = client([page(['a'], 'c1'), refused]);
    const failure = await (async () => {
      for await (const _ of gd.abilities.iterate()) continue;
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DatasetChangedError);
    expect((failure as DatasetChangedError).cause).toBeInstanceOf(BadRequestError);
    expect(failure).toMatchObject({ requestId: 'refusal' });
  });

  it('history reads every page from one version, and says DatasetChangedError when a release lands between pages', async () => {
    const { gd, requests } = client([page(['a'], 'c1'), page(['b'])]);
    expect(await gd.history('items', 'x y')).toMatchObject([{ id: 'a' }, { id: 'b' }]);
    expect(requests.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/v1/items/x%20y/history?limit=200',
      '/v1/items/x%20y/history?limit=200&cursor=c1',
    ]);
    const moved = client([page(['a'], 'c1'), page(['b'], undefined, { 'x-dataset-version': V2 })]);
    await expect(moved.gd.history('items', 'x')).rejects.toMatchObject({ from: V1, to: V2 });
    const refused = client([
      page(['a'], 'c1'),
      error(400, 'bad_request', { 'x-dataset-version': V2 }),
    ]);
    const failure = await refused.gd.history('items', 'x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DatasetChangedError);
    expect((failure as DatasetChangedError).cause).toBeInstanceOf(BadRequestError);
  });

  it('iterate passes other failures through unchanged', async () => {
    const { gd } = client([page(['a'], 'c1'), error(400, 'bad_request')]);
    const failure = await (async () => {
      for await (const _ of gd.followers.iterate()) continue;
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BadRequestError);
  });
});

describe('answers that are not the API’s', () => {
  it('a captive portal’s 200 text/html is an InvalidResponseError with the request id, not a SyntaxError', async () => {
    const portal = new Response('<html><body>Sign in to the Wi-Fi</body></html>', {
      headers: { 'content-type': 'text/html', 'x-request-id': 'portal-1' },
    });
    const { gd, requests } = client([portal]);
    const failure = await gd.items.get('x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect(failure).toBeInstanceOf(GameDataError);
    expect(failure).toMatchObject({
      status: 200,
      code: 'invalid_response',
      requestId: 'portal-1',
      message: expect.stringContaining('text/html'),
    });
    expect(requests).toHaveLength(1);
  });

  it.each([
    [
      'a body that is not JSON',
      () => new Response('<html>…', { headers: { 'content-type': 'application/json' } }),
    ],
    [
      'a truncated JSON body',
      () =>
        new Response('{"data":{"version":"2026', {
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'JSON under another content type',
      () =>
        new Response(JSON.stringify({ data: META }), { headers: { 'content-type': 'text/plain' } }),
    ],
  ])('%s is an InvalidResponseError', async (_what, answer) => {
    const { gd } = client([answer]);
    await expect(gd.meta()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('an image shorter than its content-length is an InvalidResponseError', async () => {
    const short = new Response(new Uint8Array([137, 80]), {
      headers: { 'content-type': 'image/png', 'content-length': '8' },
    });
    const { gd } = client([() => short]);
    await expect(gd.image('x')).rejects.toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('2 of 8 bytes'),
    });
  });

  it('a body cut off by the network is a NetworkError', async () => {
    const body = new ReadableStream({
      pull: (controller) => controller.error(new TypeError('terminated')),
    });
    const { gd } = client(
      [() => new Response(body, { headers: { 'content-type': 'application/json' } })],
      { maxRetries: 0 },
    );
    await expect(gd.meta()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('headers', () => {
  it('sends the headers option on every request, next to the key and the validator', async () => {
    const { gd, requests } = client(
      [ok({ etag: 'W/"v1"' }), reply(304, undefined, { etag: 'W/"v1"' })],
      {
        apiKey: 'gd_secret',
        headers: { 'User-Agent': 'my-bot/1.2 (+https://bot.example)', 'x-trace': 'abc' },
      },
    );
    await gd.meta();
    await gd.meta();
    for (const request of requests) {
      expect(request.headers.get('user-agent')).toBe('my-bot/1.2 (+https://bot.example)');
      expect(request.headers.get('x-trace')).toBe('abc');
      expect(request.headers.get('authorization')).toBe('Bearer gd_secret');
    }
    expect(requests[1]?.headers.get('if-none-match')).toBe('W/"v1"');
  });

  it.each(['Authorization', 'if-none-match'])(
    'refuses %s in headers, naming what to use instead',
    (name) => {
      expect(() => createClient({ baseUrl: BASE, headers: { [name]: 'x' } })).toThrow(
        new RegExp(`headers\\.${name}`, 'i'),
      );
    },
  );
});

describe('deadlines and onRetry', () => {
  const limited = (seconds: number) =>
    error(429, 'rate_limited', { 'retry-after': String(seconds), 'x-request-id': 'limited-1' });

  it('a 429 asking 49 s, default options: onRetry hears 49 s, and the call throws RateLimitedError at once', async () => {
    const onRetry = vi.fn();
    const { gd, requests } = client([limited(49), ok()], { onRetry });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(0);
    expect(onRetry.mock.calls).toEqual([
      [
        {
          url: `${BASE}/v1/meta`,
          reason: 'rate_limited',
          attempt: 1,
          delayMs: 49_000,
          willWait: false,
          error: expect.any(RateLimitedError),
        },
      ],
    ]);
    expect(outcome.error).toBeInstanceOf(RateLimitedError);
    expect(outcome.error).toMatchObject({ retryAfter: 49, requestId: 'limited-1' });
    expect(requests).toHaveLength(1);
  });

  it('waits the 49 s when the call’s deadline allows it', async () => {
    const onRetry = vi.fn();
    const { gd, requests } = client([limited(49), ok()], { onRetry });
    const outcome = observe(gd.meta({ deadlineMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(48_999);
    expect(requests).toHaveLength(1);
    expect(onRetry.mock.calls[0]?.[0]).toMatchObject({ delayMs: 49_000, willWait: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ settled: true, value: META });
  });

  it('tells onRetry the reason, the attempt and the delay before every wait', async () => {
    const onRetry = vi.fn();
    const { gd } = client([error(503, 'internal'), new TypeError('fetch failed'), 'hang', ok()], {
      onRetry,
      maxRetries: 3,
      timeoutMs: 1_000,
    });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(500 + 1_000 + 1_000 + 2_000);
    expect(outcome.value).toEqual(META);
    expect(
      onRetry.mock.calls.map(([event]) => [
        event.reason,
        event.attempt,
        event.delayMs,
        event.willWait,
      ]),
    ).toEqual([
      ['server_error', 1, 500, true],
      ['network', 2, 1_000, true],
      ['timeout', 3, 2_000, true],
    ]);
  });

  it('ends a call that hangs at its deadline, retries and waits included, with TimeoutError', async () => {
    const { gd } = client(['hang', 'hang'], { timeoutMs: 6_000 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
  });

  it('takes deadlineMs from the client for every call', async () => {
    const { gd } = client(['hang'], { deadlineMs: 2_500 });
    const outcome = observe(gd.meta());
    await vi.advanceTimersByTimeAsync(2_500);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
  });
});

describe('freshness (RFC 9111)', () => {
  const fresh = (maxAge: number, etag = 'W/"v1-abc"', headers: Record<string, string> = {}) =>
    ok({ etag, 'cache-control': `public, max-age=${maxAge}`, ...headers });
  const notModified = (maxAge: number, etag = 'W/"v1-abc"') =>
    reply(304, undefined, { etag, 'cache-control': `public, max-age=${maxAge}` });

  it('the same item 3 times within max-age: 1 request; after max-age: 1 revalidation, which refreshes it', async () => {
    const { gd, requests } = client([fresh(300), notModified(300)]);
    const results = [await gd.meta(), await gd.meta(), await gd.meta()];
    expect(requests).toHaveLength(1);
    expect(results[2]).toEqual(META);
    expect(results[2]).not.toBe(results[1]);

    vi.advanceTimersByTime(300_000);
    expect(await gd.meta()).toEqual(META);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('if-none-match')).toBe('W/"v1-abc"');

    vi.advanceTimersByTime(299_999);
    await gd.meta();
    expect(requests).toHaveLength(2);
  });

  it('counts age from when the answer was received, less the Age a shared cache reported', async () => {
    const { gd, requests } = client([fresh(300, 'W/"v1-abc"', { age: '290' }), notModified(300)]);
    await gd.meta();
    vi.advanceTimersByTime(9_999);
    await gd.meta();
    expect(requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await gd.meta();
    expect(requests).toHaveLength(2);
  });

  it.each([
    ['no-store', 'no-store', 2, null],
    ['no-cache', 'public, no-cache, max-age=300', 2, 'W/"v1-abc"'],
    ['no max-age', 'public', 2, 'W/"v1-abc"'],
    ['private (a client’s cache may keep it)', 'private, max-age=300', 1, undefined],
  ])('cache-control %s', async (_what, cacheControl, count, ifNoneMatch) => {
    const { gd, requests } = client([
      ok({ etag: 'W/"v1-abc"', 'cache-control': cacheControl }),
      ok({ etag: 'W/"v1-abc"' }),
    ]);
    await gd.meta();
    await gd.meta();
    expect(requests).toHaveLength(count);
    if (ifNoneMatch !== undefined)
      expect(requests[1]?.headers.get('if-none-match')).toBe(ifNoneMatch);
  });

  it('per call: cache "no-cache" revalidates a fresh answer, "no-store" skips the cache', async () => {
    const { gd, requests } = client([fresh(300), notModified(300), ok({ etag: 'W/"v1-abc"' })]);
    await gd.meta();
    await gd.meta({ cache: 'no-cache' });
    await gd.meta({ cache: 'no-store' });
    expect(requests.map((r) => r.headers.get('if-none-match'))).toEqual([null, 'W/"v1-abc"', null]);
  });

  it('a fresh hit reports its own dataset version, no rate limit, and leaves the client’s state alone', async () => {
    const limits = {
      'ratelimit-limit': '60',
      'ratelimit-remaining': '41',
      'ratelimit-reset': '17',
    };
    const { gd } = client([
      page(['a'], undefined, { etag: 'W/"p"', 'cache-control': 'max-age=300', ...limits }),
    ]);
    const first = await gd.items.list();
    const second = await gd.items.list();
    expect(first.rateLimit).toEqual({ limit: 60, remaining: 41, reset: 17 });
    expect(second).toEqual({ ...first, rateLimit: undefined });
    expect(gd.rateLimit).toEqual({ limit: 60, remaining: 41, reset: 17 });
  });

  it('once a response carries a new dataset version, answers of the old one are revalidated', async () => {
    const v2 = { 'x-dataset-version': V2 };
    const { gd, requests } = client([
      fresh(300),
      page([], undefined, v2),
      ok({ etag: 'W/"v2"', ...v2 }),
    ]);
    await gd.meta();
    await gd.items.list();
    await gd.meta();
    expect(requests).toHaveLength(3);
    expect(requests[2]?.headers.get('if-none-match')).toBe('W/"v1-abc"');
  });

  it('with cache: false, every call is a request', async () => {
    const { gd, requests } = client([fresh(300), fresh(300)], { cache: false });
    await gd.meta();
    await gd.meta();
    expect(requests).toHaveLength(2);
  });
});
