import type { Tier } from './tiers.js';

/** The outcome of counting one request, and what goes into the ratelimit-* headers. */
export interface RateLimitState {
  tier: Tier['name'];
  limit: number;
  remaining: number;
  /** Seconds until the window rolls over (ratelimit-reset, and retry-after on a 429). */
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Start of the fixed window containing `now`. Windows are aligned to the wall clock (multiples of the
 * window length since the epoch), so every instance agrees on when a window ends.
 */
export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/**
 * Decides a request given the counter value after counting it.
 *
 * @example decideRateLimit(TIERS.anonymous, 61, 1_000) // { allowed: false, remaining: 0, resetSeconds: 59, … }
 */
export function decideRateLimit(tier: Tier, count: number, now: number): RateLimitState {
  const windowEnd = windowStartOf(now, tier.windowMs) + tier.windowMs;
  return {
    tier: tier.name,
    limit: tier.limit,
    remaining: Math.max(0, tier.limit - count),
    // Never 0: a client told "retry after 0 s" just before the roll would retry into the same window.
    resetSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    allowed: count <= tier.limit,
  };
}
