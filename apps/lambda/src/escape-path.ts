/**
 * Makes a request path safe to paste into a URL. API Gateway HTTP APIs hand Lambda the path already
 * percent-decoded (`rawPath` of `/v1/items%23x` is `/v1/items#x`), and the URL the handler builds from
 * it would then lose everything after the `#` — the query string included — or split at a `?`. Those
 * two characters never appear literally in a path that is still encoded (REST APIs, function URLs,
 * ALB), so escaping just them fixes decoded paths and leaves encoded ones byte for byte.
 *
 * @example escapeDecodedPath('/v1/items#x') // '/v1/items%23x'
 */
export function escapeDecodedPath(path: string): string {
  return path.replace(/[?#]/g, (char) => (char === '?' ? '%3F' : '%23'));
}
