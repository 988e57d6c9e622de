/**
 * The API key a request presents: `Authorization: Bearer <key>` (preferred), else the discouraged
 * `?key=` (README, "Deprecation policy"). Any other Authorization scheme is not a key.
 *
 * @example presentedKey('Bearer gd_abc', new URLSearchParams('limit=5')) // 'gd_abc'
 */
export function presentedKey(
  authorization: string | undefined,
  query: URLSearchParams | undefined,
): string | undefined {
  const bearer = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1];
  if (bearer) return bearer;
  return query && queryKey(query);
}

/**
 * The key a request's query string presents (`?key=`, deprecated): an empty one presents none.
 *
 * @example queryKey(new URLSearchParams('key=gd_abc')) // 'gd_abc'
 */
export function queryKey(query: URLSearchParams): string | undefined {
  return query.get('key') || undefined;
}
