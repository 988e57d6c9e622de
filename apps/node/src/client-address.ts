import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Which proxies in front of the server may say who the client is (`GAMEDATA_TRUST_PROXY`). */
export type TrustProxy =
  | { kind: 'none' }
  /** The nearest `hops` proxies are trusted, whatever their address. */
  | { kind: 'hops'; hops: number }
  /** Proxies whose address falls in one of these ranges are trusted. */
  | { kind: 'ranges'; ranges: Array<[Address, number]> };

/** The header a trusted proxy writes the client chain into (`GAMEDATA_FORWARDED_HEADER`). */
export type ForwardedHeader = 'x-forwarded-for' | 'forwarded';

/**
 * Parses `GAMEDATA_TRUST_PROXY`: empty, `false` or `0` trusts nobody (the default: the socket's
 * address is the client); a whole number trusts that many hops; anything else is a comma-separated
 * list of addresses and CIDR ranges. A value that is none of these stops the server at start.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return { kind: 'none' };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const ranges = value.split(',').map((part): [Address, number] => {
    const text = part.trim();
    if (ipaddr.isValidCIDR(text)) return ipaddr.parseCIDR(text);
    if (ipaddr.isValid(text)) {
      const address = ipaddr.process(text);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    }
    throw new Error(
      `GAMEDATA_TRUST_PROXY: "${text}" is not a hop count, an IP address or a CIDR range`,
    );
  });
  return { kind: 'ranges', ranges };
}

/** Parses `GAMEDATA_FORWARDED_HEADER` (default `x-forwarded-for`). */
export function parseForwardedHeader(raw: string | undefined): ForwardedHeader {
  const value = (raw?.trim() || 'x-forwarded-for').toLowerCase();
  if (value === 'x-forwarded-for' || value === 'forwarded') return value;
  throw new Error(`GAMEDATA_FORWARDED_HEADER must be x-forwarded-for or forwarded, got "${raw}"`);
}

/** `for=` values of an RFC 7239 Forwarded header, in order; ports, quotes and brackets removed. */
function forwardedFor(header: string): string[] {
  return header.split(',').flatMap((element) => {
    const pair = element
      .split(';')
      .map((p) => p.trim())
      .find((p) => p.toLowerCase().startsWith('for='));
    if (!pair) return [];
    const node = pair.slice(4).replace(/^"|"$/g, '');
    const bracketed = /^\[([^\]]+)\]/.exec(node);
    if (bracketed) return [bracketed[1] as string];
    return [node.includes('.') ? (node.split(':')[0] as string) : node];
  });
}

/** The client chain a proxy header claims, leftmost (original client) first. */
export function claimedChain(header: ForwardedHeader, value: string | undefined): string[] {
  if (!value) return [];
  if (header === 'forwarded') return forwardedFor(value);
  // One proxy in front writes one address: nothing to split.
  return value.includes(',') ? value.split(',').map((part) => part.trim()) : [value.trim()];
}

/** How a dual-stack socket reports an IPv4 peer: `::ffff:203.0.113.5`. */
const IPV4_MAPPED_PREFIX = '::ffff:';

/**
 * What `ipaddr.process` makes of `text` (IPv4-mapped IPv6 as the IPv4 address it holds), or undefined
 * where it throws; parsed once. `ipaddr.parse` tries IPv6, which a text without a colon never is, then
 * IPv4, which a text with one never is: only one of them can apply, and it is tried alone.
 */
function parseAddress(text: string): Address | undefined {
  try {
    if (!text.includes(':')) return ipaddr.IPv4.parse(text);
    const address = ipaddr.IPv6.parse(text);
    return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
  } catch {
    return undefined;
  }
}

/** The value of a hex digit's character code, or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * Appends to `groups` the hex groups of `text` from `from` to `to`, colon-separated, one to four
 * digits each; false if that stretch is anything else. An empty stretch holds no group.
 */
function scanHexGroups(text: string, from: number, to: number, groups: number[]): boolean {
  if (from === to) return true;
  let value = 0;
  let digits = 0;
  for (let i = from; i <= to; i++) {
    // The end of the stretch closes its last group as a colon would.
    const code = i === to ? 58 : text.charCodeAt(i);
    if (code === 58 /* : */) {
      if (digits === 0) return false;
      groups.push(value);
      value = 0;
      digits = 0;
      continue;
    }
    const digit = hexDigit(code);
    if (digit < 0 || ++digits > 4) return false;
    value = value * 16 + digit;
  }
  return true;
}

/**
 * The eight groups of a plain IPv6 literal — hex groups of one to four digits between colons, eight
 * of them, or fewer around one `::` that stands for the missing zero groups — or undefined for any
 * other text, a zone id or a dotted IPv4 tail included (ipaddr.js reads those).
 */
function plainIPv6Groups(text: string): number[] | undefined {
  const gap = text.indexOf('::');
  const groups: number[] = [];
  if (gap === -1)
    return scanHexGroups(text, 0, text.length, groups) && groups.length === 8 ? groups : undefined;
  if (!scanHexGroups(text, 0, gap, groups)) return undefined;
  const before = groups.length;
  // A second `::` fails here: it holds an empty group.
  if (!scanHexGroups(text, gap + 2, text.length, groups) || groups.length > 7) return undefined;
  const missing = 8 - groups.length;
  for (let i = 7; i >= before + missing; i--) groups[i] = groups[i - missing] as number;
  for (let i = before; i < before + missing; i++) groups[i] = 0;
  return groups;
}

/**
 * A plain IPv6 literal as ipaddr.js's `process(text).toString()` writes it, without its parser: an
 * IPv4-mapped address (`::ffff:0:0/96`) as its IPv4 address; any other in RFC 5952's form, lower-case
 * groups without leading zeros, the longest run of two or more zero groups (the first of equal ones)
 * written `::`. Undefined for text that is not a plain literal.
 */
function plainIPv6(text: string): string | undefined {
  const groups = plainIPv6Groups(text);
  if (groups === undefined) return undefined;
  const [a, b, c, d, e, f, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  let runStart = -1;
  let runLength = 1;
  for (let i = 0; i < 8; i++) {
    if (groups[i] !== 0) continue;
    let end = i + 1;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > runLength) {
      runStart = i;
      runLength = end - i;
    }
    i = end;
  }
  let written = '';
  for (let i = 0; i < 8; i++) {
    if (i === runStart) {
      written += '::';
      i += runLength - 1;
      continue;
    }
    if (i > 0 && i !== runStart + runLength) written += ':';
    written += (groups[i] as number).toString(16);
  }
  return written;
}

/**
 * An address in the form the limiter and the log use, or undefined when it is not one. A plain
 * dotted-quad IPv4 address — nearly every client — is already in that form, and so is the IPv4
 * address in the IPv4-mapped form a dual-stack socket reports: neither needs parsing. A plain IPv6
 * literal is written in that form directly; ipaddr.js parses only the rare rest (zone ids, IPv4 in
 * octal or hex parts, dotted IPv4 tails other than `::ffff:`) and refuses garbage.
 */
function normalizeAddress(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (isIPv4(text)) return text;
  if (text.startsWith(IPV4_MAPPED_PREFIX)) {
    const mapped = text.slice(IPV4_MAPPED_PREFIX.length);
    if (isIPv4(mapped)) return mapped;
  }
  return (text.includes(':') ? plainIPv6(text) : undefined) ?? parseAddress(text)?.toString();
}

/** A dotted-quad IPv4 address (one `isIPv4` accepts) as an unsigned 32-bit number. */
function ipv4Number(text: string): number {
  let number = 0;
  let octet = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      number = number * 256 + octet;
      octet = 0;
    } else octet = octet * 10 + code - 48;
  }
  return number * 256 + octet;
}

/** Whether an address falls in the trusted ranges. */
type RangeCheck = (address: string) => boolean;

/** Trusted-range checks of peers that are not dotted quads (IPv6, IPv4-mapped) remembered, up to this many per configuration. */
const REMEMBERED_CHECKS = 1024;
const rangeChecks = new WeakMap<Array<[Address, number]>, RangeCheck>();

/**
 * The range check of one configuration, made once. A dotted quad — the usual proxy — is compared as
 * a number with the IPv4 ranges, unparsed; any other address is parsed and matched once, and the
 * answer kept by address: the same few proxies connect again and again. IPv4 addresses are matched
 * with IPv4 ranges only, IPv6 ones with IPv6 ranges only, as `ipaddr`'s `match` requires.
 */
function rangeCheckOf(ranges: Array<[Address, number]>): RangeCheck {
  let check = rangeChecks.get(ranges);
  if (check) return check;
  const ipv4Ranges = ranges.flatMap(([range, bits]) => {
    if (range.kind() !== 'ipv4') return [];
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    const number = (range as ipaddr.IPv4).octets.reduce((sum, octet) => sum * 256 + octet, 0);
    return [{ network: (number & mask) >>> 0, mask }];
  });
  const remembered = new Map<string, boolean>();
  check = (address) => {
    if (isIPv4(address)) {
      const number = ipv4Number(address);
      return ipv4Ranges.some(({ network, mask }) => (number & mask) >>> 0 === network);
    }
    let trusted = remembered.get(address);
    if (trusted === undefined) {
      const parsed = parseAddress(address);
      trusted =
        parsed !== undefined &&
        ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
      if (remembered.size >= REMEMBERED_CHECKS) remembered.clear();
      remembered.set(address, trusted);
    }
    return trusted;
  };
  rangeChecks.set(ranges, check);
  return check;
}

/**
 * Whether a peer is a proxy the server trusts to name its clients: every peer when trusting by hop
 * count (the proxy is whoever connects), one in the ranges otherwise.
 */
export function isTrustedProxy(address: string, trust: TrustProxy): boolean {
  if (trust.kind !== 'ranges') return trust.kind === 'hops';
  return rangeCheckOf(trust.ranges)(address);
}

/**
 * The client's address: the socket's peer, unless it is a trusted proxy, in which case walk the
 * claimed chain right to left through trusted hops only. The first untrusted (or unparseable) entry
 * ends the walk, so a client cannot pick its own address by sending a forged header.
 *
 * @example resolveClientAddress('10.0.0.2', ['198.51.100.7'], { kind: 'hops', hops: 1 }) // '198.51.100.7'
 */
export function resolveClientAddress(
  socketAddress: string,
  chain: readonly string[],
  trust: TrustProxy,
): string {
  let client = normalizeAddress(socketAddress);
  if (client === undefined) return socketAddress || 'unknown';
  if (trust.kind === 'none') return client;
  const inRanges = trust.kind === 'ranges' ? rangeCheckOf(trust.ranges) : undefined;
  for (let hop = 1, next = chain.length - 1; next >= 0; hop++, next--) {
    const trusted = inRanges ? inRanges(client) : trust.kind === 'hops' && hop <= trust.hops;
    if (!trusted) break;
    const claimed = normalizeAddress(chain[next]);
    if (claimed === undefined) break;
    client = claimed;
  }
  return client;
}
