/** Why the server refuses a request target or Host before the app sees it; the message is the client's. */
export class RefusedTarget extends Error {
  override readonly name = 'RefusedTarget';
}

/**
 * Targets that are plainly safe: a path and query of characters a URL keeps as they are, so that the
 * WHATWG parser would return them unchanged. Most requests are these, and skip the parser.
 */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
/** `.` or `..` as a whole segment, which the parser resolves away. */
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
/** A Host that is a registered name or IPv4 address, with an optional port. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/i;

/** A backslash before the query: the parser would read it as `/`, so the path the client sent is ambiguous. */
function refuseBackslash(target: string): void {
  const backslash = target.indexOf('\\');
  if (backslash === -1) return;
  const query = target.indexOf('?');
  if (query === -1 || backslash < query) throw new RefusedTarget('Backslash in request path');
}

/** A Host header's value, checked the way a URL parser reads an authority (RFC 9112 §3.2: an invalid one is a 400). */
function checkHost(host: string | undefined): void {
  if (!host) throw new RefusedTarget('Missing host header');
  if (PLAIN_HOST.test(host)) return;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}/`);
  } catch {
    throw new RefusedTarget('Invalid host header');
  }
  if (parsed.host !== host.toLowerCase()) throw new RefusedTarget('Invalid host header');
}

/** The path and query of a URL the parser has normalised. */
function pathAndQuery(url: URL): string {
  return url.pathname + url.search;
}

/**
 * The request target the app is given, as a fetch runtime would give it: origin-form, with dot
 * segments resolved and unsafe characters percent-encoded by the WHATWG URL parser wherever the
 * target is not plainly safe. Absolute-form targets (`GET http://host/path`, which proxies send) are
 * read the same way. Throws `RefusedTarget` for a target or Host the server will not answer.
 *
 * @example requestUrl('/v1/../v1/items?limit=5', 'api.example') // '/v1/items?limit=5'
 */
export function requestUrl(target: string, host: string | undefined): string {
  if (target.startsWith('http://') || target.startsWith('https://')) {
    refuseBackslash(target);
    try {
      return pathAndQuery(new URL(target));
    } catch {
      throw new RefusedTarget('Invalid absolute URL');
    }
  }
  checkHost(host);
  if (target === '') return '/';
  if (!target.startsWith('/')) throw new RefusedTarget('Invalid URL');
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) return target;
  refuseBackslash(target);
  try {
    // Joined, not resolved against a base: `//evil.example/x` is a path here, not another host.
    return pathAndQuery(new URL(`http://localhost${target}`));
  } catch {
    throw new RefusedTarget('Invalid URL');
  }
}
