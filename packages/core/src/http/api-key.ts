/**
 * The API key a request presents: `Authorization: Bearer <key>` (preferred), else the discouraged
 * `?key=` (spec §5). Any other Authorization scheme is not a key.
 *
 * @example presentedKey('Bearer gd_abc', new URLSearchParams('limit=5')) // 'gd_abc'
 */
export function presentedKey(authorization: string | undefined, query: URLSearchParams | undefined): string | undefined {
  const bearer = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1];
  if (bearer) return bearer;
  const fromQuery = query?.get('key');
  return fromQuery ? fromQuery : undefined;
}

/**
 * The request target with every `key` parameter's value replaced, so access logs never hold a key.
 * Names are compared decoded, so `?%6Bey=` is caught as well as `?key=`.
 *
 * @example redactKey('/v1/items?key=gd_x&limit=5') // '/v1/items?key=[redacted]&limit=5'
 */
export function redactKey(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  // No parameter can be named `key` without a `k` or a percent-encoded letter.
  if (q === -1 || !/[k%]/.test(pathAndQuery.slice(q + 1))) return pathAndQuery;
  const parts = pathAndQuery
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const rawName = part.split('=', 1)[0] ?? '';
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is kept as written; it cannot be "key" either way.
      }
      return name === 'key' ? `${rawName}=[redacted]` : part;
    });
  return `${pathAndQuery.slice(0, q)}?${parts.join('&')}`;
}
