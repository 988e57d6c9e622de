import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@gamedata/test-support/redis-server';
import { awayFromWindowEdge, waitFor } from '@gamedata/test-support/clock';
import { metricsUrlOf, scrape, seriesValue } from './support/metrics.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

/**
 * Many instances, one limit (README, "Rate limits and keys"): two Node adapter processes share
 * one real Redis. Both are reached from 127.0.0.1, so they count the same anonymous client; a test
 * that needs a fresh count names another client through the trusted proxy header.
 */
describe('two Node adapters sharing one Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      GAMEDATA_REDIS_URL: redis.url,
      GAMEDATA_REDIS_PREFIX: `t${Date.now()}:`,
      GAMEDATA_TRUST_PROXY: '127.0.0.1',
    };
    // `a` serves its metrics too: the switches show there.
    [a, b] = await Promise.all([
      spawnServer({ ...env, GAMEDATA_METRICS_PORT: '0' }),
      spawnServer(env),
    ]);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await redis?.stop();
  });

  const get = (server: ServerProcess, client?: string) =>
    fetch(`${server.url}/v1/meta`, client ? { headers: { 'x-forwarded-for': client } } : {});
  /** What /v1/status says of a process's rate limits now, asked for as a client of its own. */
  const statusOf = async (server: ServerProcess) =>
    (
      (await (
        await fetch(`${server.url}/v1/status`, { headers: { 'x-forwarded-for': '198.51.100.8' } })
      ).json()) as { data: { rateLimits: string } }
    ).data.rateLimits;
  /** The states of the rate-limit store lines a process logged: one per switch. */
  const switches = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"rate-limit store"'))
      .map((line) => (JSON.parse(line) as { state: string }).state);

  it('enforce one anonymous limit of 60 between them and agree on ratelimit-reset', async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    // ratelimit-reset is the seconds to the window's end rounded up, at some moment between a
    // request's start and its answer's arrival: each answer puts the end in (start + reset - 1,
    // arrival + reset]. Both servers count one window, so every answer's interval holds its end.
    const earliest: number[] = [];
    const latest: number[] = [];
    for (let i = 0; i < 60; i++) {
      const start = Date.now() / 1000;
      const reply = await get(i % 2 === 0 ? a : b);
      const reset = Number(reply.headers.get('ratelimit-reset'));
      statuses.push(reply.status);
      earliest.push(start + reset - 1);
      latest.push(Date.now() / 1000 + reset);
      expect(reply.headers.get('ratelimit-remaining')).toBe(String(59 - i));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await get(a)).status).toBe(429);
    expect((await get(b)).status).toBe(429);
    // However slow an answer (a loaded machine), the intervals share the one end: none is past it.
    expect(Math.max(...earliest)).toBeLessThan(Math.min(...latest));
  });

  it('stay shared while Redis is slow: paused past the former 50 ms limit under concurrent requests to both', async () => {
    await awayFromWindowEdge();
    const remaining: number[] = [];
    for (let round = 0; round < 3; round++) {
      await redis.pause(150);
      const replies = await Promise.all(
        [a, b, a, b, a, b].map((server) => get(server, '198.51.100.7')),
      );
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        remaining.push(Number(reply.headers.get('ratelimit-remaining')));
      }
    }
    // Every request was counted once in Redis: counted per instance, some would start again at 59.
    expect(remaining.sort((x, y) => y - x)).toEqual(Array.from({ length: 18 }, (_, i) => 59 - i));
    expect([switches(a), switches(b)]).toEqual([[], []]);
  });

  /** The rate-limit store's state and switches, as `a`'s metrics report them. */
  const storeMetricsOf = async () => {
    const text = await scrape(metricsUrlOf(a));
    return {
      shared: seriesValue(text, 'gamedata_rate_limit_store{state="shared"}'),
      toPerInstance:
        seriesValue(text, 'gamedata_rate_limit_store_flips_total{to="per-instance"}') ?? 0,
      toShared: seriesValue(text, 'gamedata_rate_limit_store_flips_total{to="shared"}') ?? 0,
    };
  };

  it('keep answering 200 with local limits while Redis is down, and share the count again when it is back; /v1/status and the metrics say which', async () => {
    expect([await statusOf(a), await statusOf(b)]).toEqual(['shared', 'shared']);
    expect(await storeMetricsOf()).toEqual({ shared: 1, toPerInstance: 0, toShared: 0 });
    await redis.stop();
    const during = await Promise.all([get(a), get(b)]);
    for (const reply of during) {
      expect(reply.status).toBe(200);
      expect(Number(reply.headers.get('ratelimit-remaining'))).toBeGreaterThan(50);
    }
    await waitFor(() => switches(a).length > 0 && switches(b).length > 0);
    await Promise.all([get(a), get(b)]);
    // The switch is logged once per process, not once per request.
    expect([switches(a), switches(b)]).toEqual([['per-instance'], ['per-instance']]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['per-instance', 'per-instance']);
    expect(await storeMetricsOf()).toEqual({ shared: 0, toPerInstance: 1, toShared: 0 });

    await redis.start();
    // Redis restarted empty: once both processes are back on it (each asks again on a request, once a
    // second), they share one fresh count.
    let shared = false;
    for (let i = 0; i < 100 && !shared; i++) {
      const first = Number((await get(a)).headers.get('ratelimit-remaining'));
      const second = Number((await get(b)).headers.get('ratelimit-remaining'));
      shared = second === first - 1;
      if (!shared) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(shared).toBe(true);
    expect(switches(a)).toEqual(['per-instance', 'shared']);
    expect(await statusOf(a)).toBe('shared');
    expect(await storeMetricsOf()).toEqual({ shared: 1, toPerInstance: 1, toShared: 1 });
  });
});
