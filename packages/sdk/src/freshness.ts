/**
 * Until when an answer received at `receivedAt` may be reused without asking (RFC 9111 §4.2), as a
 * client's private cache reads `cache-control`: `max-age` less the `age` a shared cache on the way
 * reported; `no-cache`, or no `max-age`, make it stale at once (kept only to revalidate); `no-store`
 * gives undefined: not to be kept. `private` and `public` change nothing for a private cache, and
 * `s-maxage` is for shared caches only.
 *
 * @example
 * freshUntil(new Headers({ 'cache-control': 'public, max-age=300' }), 0) // 300_000
 */
export function freshUntil(headers: Headers, receivedAt: number): number | undefined {
  const cacheControl = headers.get('cache-control')?.toLowerCase() ?? '';
  if (/\bno-store\b/.test(cacheControl)) return undefined;
  // Preceded by a separator, so that `s-maxage` is not read as `max-age`.
  const maxAge = /(?:^|[,\s])max-age\s*=\s*"?(\d+)/.exec(cacheControl)?.[1];
  if (maxAge === undefined || /\bno-cache\b/.test(cacheControl)) return receivedAt;
  const age = Number(headers.get('age')) || 0;
  return receivedAt + Math.max(0, Number(maxAge) - age) * 1000;
}
