import type { RateLimitState } from '../ratelimit/decide.js';

/**
 * Header policy, decided in one place so that every response — 304, 404, 405 and 429 included —
 * carries the right set.
 */

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** spec §4: JSON responses may be cached for 300 s. */
export const JSON_CACHE_CONTROL = 'public, max-age=300';

/** spec §7: a 429 (and a server failure) must never be served from a cache. */
export const NO_STORE = 'no-store';

/** Sprite ids are stable (spec §4, image endpoint): cache for 30 days, revalidate with the etag after. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=2592000';

/** What browser scripts may read (spec §4: etag, x-dataset-version, ratelimit-*), plus retry-after. */
const EXPOSED_HEADERS = [
  'etag',
  'x-dataset-version',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-request-id',
].join(', ');

/** CORS for every response: the API is public and read-only, so any origin may read it. */
export function applyCorsHeaders(headers: Headers): void {
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-expose-headers', EXPOSED_HEADERS);
}

/** Request headers a browser app may send (preflight), and how long it may reuse the answer. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, If-None-Match';
export const PREFLIGHT_MAX_AGE_SECONDS = 86400;

/** Preflight answer (204): the methods and the request headers a browser app may send. */
export function applyPreflightHeaders(headers: Headers): void {
  headers.set('access-control-allow-methods', ALLOWED_METHODS);
  headers.set('access-control-allow-headers', ALLOWED_REQUEST_HEADERS);
  headers.set('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
}

/** ratelimit-* on every response; retry-after on a 429 (spec §4, §7). */
export function applyRateLimitHeaders(headers: Headers, state: RateLimitState, status: number): void {
  headers.set('ratelimit-limit', String(state.limit));
  headers.set('ratelimit-remaining', String(state.remaining));
  headers.set('ratelimit-reset', String(state.resetSeconds));
  if (status === 429) headers.set('retry-after', String(state.resetSeconds));
}
