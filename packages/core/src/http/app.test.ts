import { describe, expect, it } from 'vitest';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { fixtureSource, toSource } from '../testing/fixture-source.js';
import { TIERS } from '../ratelimit/tiers.js';
import { Hono } from 'hono';
import { headersTooLarge, malformedRequest, requestTimeout } from '../policy/errors.js';
import { createApp, type AppLogEntry } from './app.js';

function nextRelease() {
  const source = fixtureSource();
  (source.files['items.json'] as Array<Record<string, unknown>>).pop();
  const result = loadDataset(toSource(source), {
    version: '2026-11-21.1',
    published: '2026-11-21T08:00:00Z',
  });
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.dataset;
}

const get = (app: ReturnType<typeof createApp>, path: string) =>
  app.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.7' });

describe('app.withDataset', () => {
  it('serves the new dataset under its version, and the old app keeps serving the old one', async () => {
    const before = createApp({ dataset: fixtureDataset() });
    const after = before.withDataset(nextRelease());
    const [old, next] = await Promise.all([
      get(before, '/v1/items/party-hat'),
      get(after, '/v1/items/party-hat'),
    ]);
    expect([old.status, old.headers.get('x-dataset-version')]).toEqual([200, '2026-11-20.1']);
    expect([next.status, next.headers.get('x-dataset-version')]).toEqual([404, '2026-11-21.1']);
    expect(
      ((await (await get(after, '/v1/meta')).json()) as { data: { version: string } }).data.version,
    ).toBe('2026-11-21.1');
  });

  it('keeps counting each client where the previous dataset left off', async () => {
    const before = createApp({ dataset: fixtureDataset() });
    for (let i = 0; i < 3; i++) await get(before, '/v1/stats');
    const after = before.withDataset(nextRelease());
    const reply = await get(after, '/v1/stats');
    expect(reply.headers.get('ratelimit-remaining')).toBe(String(TIERS.anonymous.limit - 4));
  });
});

describe('requests an adapter could not read, and methods no route serves', () => {
  const logged: AppLogEntry[] = [];
  const app = perTest(() =>
    createApp({ dataset: fixtureDataset(), log: (entry) => logged.push(entry) }),
  );
  const body = async (response: Response) =>
    (await response.json()) as { error: { code: string; message: string } };

  it.each([
    ['a well-formed method it does not serve', 'BREW', '/v1/items', 405, 'method_not_allowed'],
    [
      'a method it does not serve, on a path that does not exist',
      'DELETE',
      '/nowhere',
      405,
      'method_not_allowed',
    ],
  ])(
    '%s: the contract’s error, counted and logged once',
    async (_name, method, path, status, code) => {
      logged.length = 0;
      const answer = await app().request(path, { method }, { clientIp: '203.0.113.8' });
      expect(answer.status).toBe(status);
      expect(await body(answer)).toMatchObject({ error: { code } });
      expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers.get('ratelimit-limit')).toBe(String(TIERS.anonymous.limit));
      expect(logged).toEqual([
        expect.objectContaining({
          requestId: answer.headers.get('x-request-id'),
          method,
          status,
          client: '203.0.113.8',
        }),
      ]);
    },
  );

  it('answers what an adapter could not read with the error it gives, counted and logged with what was read', async () => {
    logged.length = 0;
    const answer = await app().refuse(malformedRequest(), {
      method: 'G E T',
      url: '/v1/items?key=hunter2',
      clientIp: '203.0.113.8',
    });
    expect(answer.status).toBe(400);
    expect(await body(answer)).toEqual({
      error: { code: 'bad_request', message: 'Malformed HTTP request.' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('ratelimit-limit')).toBe(String(TIERS.anonymous.limit));
    expect(logged).toEqual([
      expect.objectContaining({
        method: 'G E T',
        path: '/v1/items?key=[redacted]',
        status: 400,
        client: '203.0.113.8',
      }),
    ]);
  });

  it.each([
    ['headers too large', headersTooLarge('Too large.'), 431],
    ['a request too slow to arrive', requestTimeout('Too slow.'), 408],
  ])(
    'answers what an adapter could not read (%s) as a bad_request with its own status, never cached',
    async (_name, error, status) => {
      const answer = await app().refuse(error, { method: '-', url: '*', clientIp: '203.0.113.8' });
      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await body(answer)).toEqual({
        error: { code: 'bad_request', message: error.message },
      });
    },
  );
});

describe('a Hono app', () => {
  it('serves the whole API mounted under a prefix, its redirect and links included, with middleware of the parent run for its routes', async () => {
    const seen: string[] = [];
    const parent = new Hono();
    parent.use(async (c, next) => {
      seen.push(c.req.path);
      await next();
      c.res.headers.set('x-mounted', 'yes');
    });
    parent.route('/gamedata', createApp({ dataset: fixtureDataset() }));
    const item = await parent.request('/gamedata/v1/items/party-hat');
    expect([item.status, item.headers.get('x-mounted')]).toEqual([200, 'yes']);
    for (const path of ['/gamedata', '/gamedata/']) {
      const root = await parent.request(path);
      expect([path, root.status, root.headers.get('location')]).toEqual([
        path,
        302,
        '/gamedata/docs',
      ]);
    }
    const openapi = (await (await parent.request('/gamedata/v1/openapi.json')).json()) as {
      servers: Array<{ url: string }>;
    };
    expect(openapi.servers).toEqual([{ url: '/gamedata' }]);
    expect(seen).toEqual([
      '/gamedata/v1/items/party-hat',
      '/gamedata',
      '/gamedata/',
      '/gamedata/v1/openapi.json',
    ]);
    expect((await parent.request('/v1/items/party-hat')).status).toBe(404);
  });
});

describe('a shared rate-limit store', () => {
  it('that fails costs no 5xx, and each switch of the limits is one line in the log, without a stack', async () => {
    let refusing = true;
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const entries: AppLogEntry[] = [];
    const errors: string[] = [];
    const app = createApp({
      dataset: fixtureDataset(),
      now: () => clock,
      rateLimitStore: {
        consume: () =>
          refusing
            ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'))
            : Promise.resolve(1),
      },
      log: (entry) => entries.push(entry),
      logError: (message) => errors.push(message),
    });
    for (let i = 0; i < 3; i++) expect((await get(app, '/v1/stats')).status).toBe(200);
    refusing = false;
    clock += 1000;
    await get(app, '/v1/stats'); // counted in memory; the store is asked again beside it, and answers
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await get(app, '/v1/stats')).headers.get('ratelimit-remaining')).toBe(
      String(TIERS.anonymous.limit - 1),
    );
    expect(entries.filter((entry) => entry.msg !== 'request')).toEqual([
      {
        msg: 'rate-limit store',
        state: 'per-instance',
        reason: 'error',
        failures: 1,
        downForMs: 0,
        error: 'connect ECONNREFUSED 127.0.0.1:6379',
      },
      {
        msg: 'rate-limit store',
        state: 'shared',
        reason: 'answered',
        failures: 1,
        downForMs: 1000,
      },
    ]);
    expect(entries.filter((entry) => entry.msg === 'request').map((entry) => entry.status)).toEqual(
      [200, 200, 200, 200, 200],
    );
    expect(errors).toEqual([]);
  });
});
