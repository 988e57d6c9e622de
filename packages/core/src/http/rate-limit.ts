import type { KeyStore } from '../keys/key-store.js';
import { rateLimited } from '../policy/errors.js';
import { clientSubject } from '../ratelimit/client-subject.js';
import { decideRateLimit, windowStartOf } from '../ratelimit/decide.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import { TIERS, type Tier } from '../ratelimit/tiers.js';
import { presentedKey } from './api-key.js';
import type { Exchange } from './exchange.js';

export interface RateLimitDeps {
  /** Must not fail: createApp wraps a shared store so that it falls back to memory. */
  store: RateLimitStore;
  keyStore: KeyStore;
  now: () => number;
}

/**
 * Counts a request; settles once it is counted, and throws (or rejects with) the 429 past the limit.
 * Returns nothing when it could count at once — no key to look up and a store in memory — so that
 * such a request is answered without waiting a turn of the event loop.
 */
export type Limiter = (exchange: Exchange) => void | Promise<void>;

const IMAGE_PATH = '/v1/img/';

/** Which tier a request falls in, and whose counter it uses (spec §8). */
function classify(path: string, clientIp: string, keyId: string | undefined): { tier: Tier; subject: string } {
  if (path.startsWith(IMAGE_PATH)) return { tier: TIERS.images, subject: clientSubject(clientIp) };
  if (keyId !== undefined) return { tier: TIERS.community, subject: keyId };
  return { tier: TIERS.anonymous, subject: clientSubject(clientIp) };
}

/** Keeps the decision on the exchange for the headers and the access log; refuses past the limit. */
function decide(exchange: Exchange, tier: Tier, count: number, now: number, cost: 0 | 1): void {
  const state = decideRateLimit(tier, count, now);
  exchange.rate = state;
  // A preflight only reads the counter, and is never refused: the browser needs its CORS answer to
  // be able to read the 429 that the real request then gets.
  if (!state.allowed && cost > 0) throw rateLimited(tier, state);
}

/**
 * Counts every request in its fixed window and refuses it with a 429 past the limit. Preflight
 * (OPTIONS) is read, not counted.
 */
export function createLimiter(deps: RateLimitDeps): Limiter {
  function count(exchange: Exchange, keyId: string | undefined): void | Promise<void> {
    exchange.keyId = keyId;
    const { tier, subject } = classify(exchange.target.path, exchange.request.clientIp ?? 'unknown', keyId);
    const now = deps.now();
    const windowStart = windowStartOf(now, tier.windowMs);
    const cost = exchange.method === 'OPTIONS' ? 0 : 1;
    const counted = deps.store.consume(`${tier.name}:${subject}:${windowStart}`, cost, windowStart + tier.windowMs);
    if (typeof counted === 'number') return decide(exchange, tier, counted, now, cost);
    return counted.then((value) => decide(exchange, tier, value, now, cost));
  }
  return (exchange) => {
    const { target } = exchange;
    const key = presentedKey(exchange.header('authorization'), target.search === '' ? undefined : target.params);
    if (key === undefined) return count(exchange, undefined);
    return deps.keyStore.resolve(key).then((keyId) => count(exchange, keyId));
  };
}
