/** First backoff ceiling; it doubles on every retry up to `MAX_BACKOFF_MS`. */
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * Seconds a `retry-after` header asks for. RFC 9110 §10.2.3: the value is either delay-seconds or an
 * HTTP-date; a date in the past means "now" (0). Undefined when the header is absent or unreadable.
 *
 * @example
 * parseRetryAfter('50', Date.now()) // 50
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  // An HTTP-date always names its day and month; Date.parse alone would also read "1.5" or "-5" as dates.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Wait before retry number `retry` (0 for the first) after a 5xx or a network failure: exponential
 * backoff with "equal jitter" — half the ceiling fixed, half random — so clients that failed together
 * spread out instead of retrying in lockstep, yet never retry almost at once.
 *
 * @example
 * computeBackoffDelay(2) // between 1000 and 2000
 */
export function computeBackoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
