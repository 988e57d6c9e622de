import type { KeyStore } from '../keys/key-store.js';
import { rateLimited } from '../policy/errors.js';
import { clientSubject } from '../ratelimit/client-subject.js';
import { decideRateLimit, windowStartOf } from '../ratelimit/decide.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import { TIERS, type Tier } from '../ratelimit/tiers.js';
import { presentedKey } from './api-key.js';
import type { AppContext } from './app-env.js';
import { targetOf } from './request-context.js';
import type { RouteTier } from './route.js';

export interface RateLimitDeps {
  /** Must not fail: createApp wraps a shared store so that it falls back to memory. */
  store: RateLimitStore;
  keyStore: KeyStore;
  now: () => number;
}

/**
 * Counts a request against its route's tier; settles once it is counted, and throws (or rejects
 * with) the 429 past the limit. Returns nothing when it could count at once — no key to look up and
 * a store in memory — so that such a request is answered without waiting a turn of the event loop.
 */
export type Limiter = (
  c: AppContext,
  tier: RouteTier,
  method: string,
  clientIp: string,
) => void | Promise<void>;

/** Which tier a request falls in, and whose counter it uses (README, "Rate limits and keys"). */
function classify(
  tier: RouteTier,
  clientIp: string,
  keyId: string | undefined,
): { tier: Tier; subject: string } {
  if (tier === 'images') return { tier: TIERS.images, subject: clientSubject(clientIp) };
  if (keyId !== undefined) return { tier: TIERS.community, subject: keyId };
  return { tier: TIERS.anonymous, subject: clientSubject(clientIp) };
}

/** Keeps the decision on the context for the headers and the access log; refuses past the limit. */
function decide(c: AppContext, tier: Tier, count: number, now: number, cost: 0 | 1): void {
  const state = decideRateLimit(tier, count, now);
  c.set('rate', state);
  // A preflight only reads the counter, and is never refused: the browser needs its CORS answer to
  // be able to read the 429 that the real request then gets.
  if (!state.allowed && cost > 0) throw rateLimited(tier, state);
}

/**
 * Counts every request in its fixed window and refuses it with a 429 past the limit. Preflight
 * (OPTIONS) is read, not counted.
 */
export function createLimiter(deps: RateLimitDeps): Limiter {
  function count(
    c: AppContext,
    routeTier: RouteTier,
    method: string,
    clientIp: string,
    keyId: string | undefined,
  ): void | Promise<void> {
    c.set('keyId', keyId);
    const { tier, subject } = classify(routeTier, clientIp, keyId);
    const now = deps.now();
    const windowStart = windowStartOf(now, tier.windowMs);
    const cost = method === 'OPTIONS' ? 0 : 1;
    const counted = deps.store.consume(
      `${tier.name}:${subject}:${windowStart}`,
      cost,
      windowStart + tier.windowMs,
    );
    if (typeof counted === 'number') return decide(c, tier, counted, now, cost);
    return counted.then((value) => decide(c, tier, value, now, cost));
  }
  return (c, tier, method, clientIp) => {
    const target = targetOf(c);
    const key = presentedKey(
      c.req.header('authorization'),
      target.search === '' ? undefined : target.params,
    );
    if (key === undefined) return count(c, tier, method, clientIp, undefined);
    return deps.keyStore.resolve(key).then((keyId) => count(c, tier, method, clientIp, keyId));
  };
}
