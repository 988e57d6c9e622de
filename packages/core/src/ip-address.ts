import ipaddr from 'ipaddr.js';
import { boundedMemo, type MemoBounds } from './bounded-memo.js';

/** An IPv4 or IPv6 address, as ipaddr.js reads it. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** A CIDR range: an address, and how many of its leading bits an address in the range shares. */
export type IpRange = [IpAddress, number];

/**
 * The bounds for texts that are client addresses: many more distinct ones than a header's values, each
 * at most an IPv6 address with a dotted IPv4 tail and an interface's name as its zone.
 */
export const ADDRESS_MEMO: MemoBounds = { entries: 1024, length: 64 };

/**
 * An IPv4 address in dotted decimal, four octets without leading zeros (RFC 3986 §3.2.2's IPv4address;
 * what Node's `net.isIPv4` accepts): how sockets and proxies write one, already in the form the
 * limiter and the log use.
 */
const DOTTED_QUAD =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** How a dual-stack socket reports an IPv4 peer: `::ffff:203.0.113.5`. */
const IPV4_MAPPED_PREFIX = '::ffff:';

/** `parseIpAddress`, without its memory. */
function readIpAddress(text: string): IpAddress | undefined {
  try {
    if (!text.includes(':')) return ipaddr.IPv4.parse(text);
    const address = ipaddr.IPv6.parse(text);
    const [a, b, c, d, e, f, g = 0, h = 0] = address.parts;
    // `isIPv4MappedAddress` says the same, after walking ipaddr.js's whole table of special ranges.
    if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
      return new ipaddr.IPv4([g >> 8, g & 0xff, h >> 8, h & 0xff]);
    return address;
  } catch {
    return undefined;
  }
}

/**
 * What ipaddr.js reads `text` as, an IPv4-mapped IPv6 address (`::ffff:0:0/96`) as the IPv4 address it
 * holds — what `ipaddr.process` returns — or undefined for text it refuses. Parsed once: a text
 * without a colon can only be IPv4 (in any of the forms ipaddr.js reads: `010.1.2.3` is octal, `127.1`
 * has three parts) and one with a colon only IPv6 (a zone id and a dotted IPv4 tail included), so only
 * that parser is tried; and the answer is kept while it is, as the same clients and proxies come back.
 * The address returned may be another caller's too: read it, never change it.
 *
 * @example parseIpAddress('::ffff:c633:6407')?.toString() // '198.51.100.7'
 */
export const parseIpAddress: (text: string) => IpAddress | undefined = boundedMemo(
  readIpAddress,
  ADDRESS_MEMO,
);

/** The form of each address text not in dotted decimal seen lately: writing an IPv6 one costs about a microsecond. */
const normalized = boundedMemo((text) => parseIpAddress(text)?.toString(), ADDRESS_MEMO);

/**
 * An address in the form the limiter and the log use — ipaddr.js's, `process(text).toString()`: IPv4
 * in dotted decimal, an IPv4-mapped address as the IPv4 address it holds, any other IPv6 address in
 * RFC 5952's short form with its zone id — or undefined when `text` is no address. A dotted-quad IPv4
 * address — nearly every client — is already in that form, and so is the one in the IPv4-mapped form
 * a dual-stack socket reports: neither is parsed. Any other text is parsed once while it is kept.
 *
 * @example normalizeIpAddress('2001:DB8:0:0:0:0:0:7') // '2001:db8::7'
 */
export function normalizeIpAddress(text: string): string | undefined {
  if (DOTTED_QUAD.test(text)) return text;
  if (text.startsWith(IPV4_MAPPED_PREFIX)) {
    const mapped = text.slice(IPV4_MAPPED_PREFIX.length);
    if (DOTTED_QUAD.test(mapped)) return mapped;
  }
  return normalized(text);
}

/**
 * An address or CIDR range as an operator writes one (`10.0.0.0/8`, `2001:db8::/64`, `127.0.0.1`), as
 * a range: a lone address is the range of itself alone, an IPv4-mapped one the IPv4 address it holds.
 * Undefined for anything else.
 *
 * @example parseIpRange('127.0.0.1') // [127.0.0.1, 32]
 */
export function parseIpRange(text: string): IpRange | undefined {
  try {
    return ipaddr.parseCIDR(text);
  } catch {
    const address = parseIpAddress(text);
    return address && [address, address.kind() === 'ipv4' ? 32 : 128];
  }
}

/**
 * Whether `text` is an IPv6 address as a URI writes one between brackets (RFC 3986 §3.2.2's
 * IPv6address, as in a Host header): an address ipaddr.js reads as IPv6, less the two things it reads
 * beyond that grammar — a zone id, and a trailing IPv4 part other than in dotted decimal (leading
 * zeros, hexadecimal).
 *
 * @example isIPv6Literal('2001:db8::1') // true
 * @example isIPv6Literal('fe80::1%25eth0') // false
 */
export function isIPv6Literal(text: string): boolean {
  if (text.includes('%')) return false;
  if (text.includes('.') && !DOTTED_QUAD.test(text.slice(text.lastIndexOf(':') + 1))) return false;
  return ipaddr.IPv6.isValid(text);
}
