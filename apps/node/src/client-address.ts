import { isIPv4 } from 'node:net';
import {
  normalizeIpAddress,
  parseIpAddress,
  parseIpRange,
  type IpRange,
} from '@gamedata/core/runtime';

/** Which proxies in front of the server may say who the client is (`GAMEDATA_TRUST_PROXY`). */
export type TrustProxy =
  | { kind: 'none' }
  /** The nearest `hops` proxies are trusted, whatever their address. */
  | { kind: 'hops'; hops: number }
  /** Proxies whose address falls in one of these ranges are trusted. */
  | { kind: 'ranges'; ranges: IpRange[] };

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
  const ranges = value.split(',').map((part) => {
    const text = part.trim();
    const range = parseIpRange(text);
    if (range) return range;
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

const rangeChecks = new WeakMap<IpRange[], RangeCheck>();

/**
 * The range check of one configuration, made once. A dotted quad — the usual proxy — is compared as
 * a number with the IPv4 ranges, unparsed; any other address is read by core's `parseIpAddress`,
 * which keeps what it read (the same few proxies connect again and again), and matched. IPv4
 * addresses are matched with IPv4 ranges only, IPv6 ones with IPv6 ranges only, as `ipaddr`'s
 * `match` requires.
 */
function rangeCheckOf(ranges: IpRange[]): RangeCheck {
  let check = rangeChecks.get(ranges);
  if (check) return check;
  const ipv4Ranges = ranges.flatMap(([range, bits]) => {
    if (!('octets' in range)) return [];
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    const number = range.octets.reduce((sum, octet) => sum * 256 + octet, 0);
    return [{ network: (number & mask) >>> 0, mask }];
  });
  check = (address) => {
    if (isIPv4(address)) {
      const number = ipv4Number(address);
      return ipv4Ranges.some(({ network, mask }) => (number & mask) >>> 0 === network);
    }
    const parsed = parseIpAddress(address);
    return (
      parsed !== undefined &&
      ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))
    );
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
  let client = normalizeIpAddress(socketAddress);
  if (client === undefined) return socketAddress || 'unknown';
  if (trust.kind === 'none') return client;
  const inRanges = trust.kind === 'ranges' ? rangeCheckOf(trust.ranges) : undefined;
  for (let hop = 1, next = chain.length - 1; next >= 0; hop++, next--) {
    const trusted = inRanges ? inRanges(client) : trust.kind === 'hops' && hop <= trust.hops;
    if (!trusted) break;
    const claimed = normalizeIpAddress(chain[next] as string);
    if (claimed === undefined) break;
    client = claimed;
  }
  return client;
}
