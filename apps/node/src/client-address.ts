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
    throw new Error(`GAMEDATA_TRUST_PROXY: "${text}" is not a hop count, an IP address or a CIDR range`);
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
    const pair = element.split(';').map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('for='));
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
  return header === 'forwarded' ? forwardedFor(value) : value.split(',').map((part) => part.trim());
}

/**
 * An address in the form the limiter and the log use, or undefined when it is not one. A plain
 * dotted-quad IPv4 address — nearly every client — is already in that form and needs no parsing.
 */
function normalizeAddress(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (isIPv4(text)) return text;
  return ipaddr.isValid(text) ? ipaddr.process(text).toString() : undefined;
}

function isTrusted(address: string, ranges: Array<[Address, number]>): boolean {
  const parsed = ipaddr.process(address);
  return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/**
 * Whether a peer is a proxy the server trusts to name its clients: every peer when trusting by hop
 * count (the proxy is whoever connects), one in the ranges otherwise.
 */
export function isTrustedProxy(address: string, trust: TrustProxy): boolean {
  if (trust.kind !== 'ranges') return trust.kind === 'hops';
  return ipaddr.isValid(address) && isTrusted(address, trust.ranges);
}

/**
 * The client's address: the socket's peer, unless it is a trusted proxy, in which case walk the
 * claimed chain right to left through trusted hops only. The first untrusted (or unparseable) entry
 * ends the walk, so a client cannot pick its own address by sending a forged header.
 *
 * @example resolveClientAddress('10.0.0.2', ['198.51.100.7'], { kind: 'hops', hops: 1 }) // '198.51.100.7'
 */
export function resolveClientAddress(socketAddress: string, chain: readonly string[], trust: TrustProxy): string {
  let client = normalizeAddress(socketAddress);
  if (client === undefined) return socketAddress || 'unknown';
  if (trust.kind === 'none') return client;
  for (let hop = 1, next = chain.length - 1; next >= 0; hop++, next--) {
    const trusted = trust.kind === 'hops' ? hop <= trust.hops : isTrusted(client, trust.ranges);
    if (!trusted) break;
    const claimed = normalizeAddress(chain[next]);
    if (claimed === undefined) break;
    client = claimed;
  }
  return client;
}
