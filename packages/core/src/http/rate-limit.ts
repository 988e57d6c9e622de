import type { MiddlewareHandler } from 'hono';
import type { KeyStore } from '../keys/key-store.js';
import { rateLimited } from '../policy/errors.js';
import { clientSubject } from '../ratelimit/client-subject.js';
import { decideRateLimit, windowStartOf } from '../ratelimit/decide.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import { TIERS, type Tier } from '../ratelimit/tiers.js';
import { presentedKey } from './api-key.js';
import type { AppEnv } from './app-env.js';

export interface RateLimitDeps {
  /** Must not fail: createApp wraps a shared store so that it falls back to memory. */
  store: RateLimitStore;
  keyStore: KeyStore;
  now: () => number;
}

const IMAGE_PATH = '/v1/img/';

/** Which tier a request falls in, and whose counter it uses (spec §8). */
function classify(path: string, clientIp: string, keyId: string | undefined): { tier: Tier; subject: string } {
  if (path.startsWith(IMAGE_PATH)) return { tier: TIERS.images, subject: clientSubject(clientIp) };
  if (keyId !== undefined) return { tier: TIERS.community, subject: keyId };
  return { tier: TIERS.anonymous, subject: clientSubject(clientIp) };
}

/**
 * Counts every request in its fixed window and answers 429 past the limit. Preflight (OPTIONS) is
 * read, not counted. The state is kept on the context for the header policy and the access log.
 */
export function rateLimit(deps: RateLimitDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = presentedKey(c.req.header('authorization'), c.get('url').searchParams);
    const keyId = key === undefined ? undefined : await deps.keyStore.resolve(key);
    if (keyId !== undefined) c.set('keyId', keyId);
    const { tier, subject } = classify(c.req.path, c.env?.clientIp ?? 'unknown', keyId);
    const now = deps.now();
    const windowStart = windowStartOf(now, tier.windowMs);
    const counterKey = `${tier.name}:${subject}:${windowStart}`;
    const cost = c.req.method === 'OPTIONS' ? 0 : 1;
    const count = await deps.store.consume(counterKey, cost, windowStart + tier.windowMs);
    const state = decideRateLimit(tier, count, now);
    c.set('rate', state);
    // A preflight only reads the counter, and is never refused: the browser needs its CORS answer to
    // be able to read the 429 that the real request then gets.
    if (!state.allowed && cost > 0) {
      throw rateLimited(tier, state);
    }
    await next();
  };
}
