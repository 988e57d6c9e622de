/**
 * The rate-limit state one response reported in its `ratelimit-*` headers (spec §4, §8).
 *
 * @example
 * const { remaining, reset } = (await gd.items.list()).rateLimit ?? { remaining: 1, reset: 0 };
 * if (remaining === 0) console.log(`window rolls in ${reset} s`);
 */
export interface RateLimit {
  /** Requests allowed in the current window. */
  limit: number;
  /** Requests left in the window: a best-effort hint counted by the instance that answered. */
  remaining: number;
  /** Seconds until the window rolls over. */
  reset: number;
}

/**
 * Reads `ratelimit-limit`, `-remaining` and `-reset`; undefined when the response carried none.
 *
 * @example
 * readRateLimit(response.headers) // { limit: 60, remaining: 12, reset: 41 }
 */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const limit = headers.get('ratelimit-limit');
  if (limit === null) return undefined;
  return { limit: Number(limit), remaining: Number(headers.get('ratelimit-remaining')), reset: Number(headers.get('ratelimit-reset')) };
}
