import { isIPv6Literal } from '../ip-address.js';

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
/**
 * A registered name, which is also how an IPv4 address is written (RFC 3986 §3.2.2): unreserved
 * characters, sub-delims and percent-encoded octets. Never empty: an http URI's host is not (RFC 9110
 * §4.2.1).
 */
const REG_NAME = /^(?:[a-z0-9._~!$&'()*+,;=-]|%[0-9a-f]{2})+$/i;
/** An IP literal's future form, `v` hex `.` then unreserved, sub-delims and colons (RFC 3986 §3.2.2). */
const IPV_FUTURE = /^v[0-9a-f]+\.[a-z0-9._~!$&'()*+,;=:-]+$/i;
/** A port: any digits, none included (RFC 3986 §3.2.3). */
const PORT = /^\d*$/;

/** A backslash before the query: the parser would read it as `/`, so the path the client sent is ambiguous. */
function refuseBackslash(target: string): void {
  const backslash = target.indexOf('\\');
  if (backslash === -1) return;
  const query = target.indexOf('?');
  if (query === -1 || backslash < query) throw new RefusedTarget('Backslash in request path');
}

/** Whether a Host value is `uri-host [ ":" port ]` (RFC 9110 §7.2), whatever the port. */
function isValidHost(value: string): boolean {
  let rest: string;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close === -1) return false;
    const literal = value.slice(1, close);
    if (!isIPv6Literal(literal) && !IPV_FUTURE.test(literal)) return false;
    rest = value.slice(close + 1);
  } else {
    const colon = value.indexOf(':');
    if (!REG_NAME.test(colon === -1 ? value : value.slice(0, colon))) return false;
    rest = colon === -1 ? '' : value.slice(colon);
  }
  return rest === '' || (rest.startsWith(':') && PORT.test(rest.slice(1)));
}

/** A Host header's value, checked against RFC 9110 §7.2 (RFC 9112 §3.2: a missing or invalid one is a 400). */
function checkHost(host: string | undefined): void {
  if (!host) throw new RefusedTarget('Missing host header');
  if (!isValidHost(host)) throw new RefusedTarget('Invalid host header');
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
