import type { RateLimitStore } from '@gamedata/core/runtime';
import type { LambdaConfig } from './config.js';

/**
 * Where rate-limit counters live. Without a Redis URL, `undefined` leaves core's bounded in-memory
 * store in charge: each Lambda instance then counts only the requests it answered itself. With one,
 * every instance shares its counters in Redis; while Redis is unreachable, core falls back to
 * per-instance counting and logs the outage once (connection errors are not logged one by one).
 */
export async function chooseRateLimitStore(
  config: LambdaConfig,
): Promise<RateLimitStore | undefined> {
  if (config.redisUrl === undefined) return undefined;
  // Loaded only when configured: the Redis client's module set-up alone costs a cold start tens of
  // milliseconds (measured with `pnpm bench:lambda`).
  const { createRedisStore } = await import('@gamedata/redis-store');
  const store = createRedisStore({ url: config.redisUrl });
  // Connect during the init phase, so the first requests are counted in Redis too.
  await store.ready;
  return store;
}
