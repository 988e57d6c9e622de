import { describe, expect, it } from 'vitest';
import { claimedChain, parseForwardedHeader, parseTrustProxy, resolveClientAddress, type TrustProxy } from './client-address.js';

const none: TrustProxy = { kind: 'none' };
const ranges = (value: string) => parseTrustProxy(value);

describe('resolveClientAddress', () => {
  it.each<[string, string, string[], TrustProxy, string]>([
    ['no trust: the socket, whatever the header says', '203.0.113.5', ['1.2.3.4'], none, '203.0.113.5'],
    ['no trust, IPv4-mapped socket', '::ffff:203.0.113.5', [], none, '203.0.113.5'],
    ['1 hop: the last claimed address', '10.0.0.2', ['6.6.6.6', '198.51.100.7'], { kind: 'hops', hops: 1 }, '198.51.100.7'],
    ['2 hops', '10.0.0.2', ['6.6.6.6', '198.51.100.7', '10.0.0.9'], { kind: 'hops', hops: 2 }, '198.51.100.7'],
    ['more hops than entries: the leftmost', '10.0.0.2', ['198.51.100.7'], { kind: 'hops', hops: 5 }, '198.51.100.7'],
    ['1 hop, no header: the socket', '10.0.0.2', [], { kind: 'hops', hops: 1 }, '10.0.0.2'],
    ['ranges: walk through trusted proxies only', '10.0.0.2', ['6.6.6.6', '198.51.100.7', '10.0.0.9'], ranges('10.0.0.0/8'), '198.51.100.7'],
    ['ranges: an untrusted socket peer is the client', '203.0.113.5', ['1.2.3.4'], ranges('10.0.0.0/8'), '203.0.113.5'],
    ['ranges: a spoofed entry left of the real client is never reached', '10.0.0.2', ['1.1.1.1', '198.51.100.7'], ranges('10.0.0.0/8, 127.0.0.1'), '198.51.100.7'],
    ['ranges: garbage ends the walk at the last trusted hop', '10.0.0.2', ['not-an-ip'], ranges('10.0.0.0/8'), '10.0.0.2'],
    ['ranges: IPv6 proxy and client', '2001:db8::10', ['2001:db8:ffff::1'], ranges('2001:db8::/64'), '2001:db8:ffff::1'],
    ['ranges: a single address', '127.0.0.1', ['198.51.100.7'], ranges('127.0.0.1'), '198.51.100.7'],
  ])('%s', (_name, socket, chain, trust, expected) => {
    expect(resolveClientAddress(socket, chain, trust)).toBe(expected);
  });
});

describe('claimedChain', () => {
  it.each<[ReturnType<typeof parseForwardedHeader>, string | undefined, string[]]>([
    ['x-forwarded-for', undefined, []],
    ['x-forwarded-for', '203.0.113.1, 198.51.100.2 ,10.0.0.1', ['203.0.113.1', '198.51.100.2', '10.0.0.1']],
    ['forwarded', 'for=192.0.2.43, for="[2001:db8:cafe::17]:4711";proto=https', ['192.0.2.43', '2001:db8:cafe::17']],
    ['forwarded', 'for=192.0.2.60:8080;proto=http;by=203.0.113.43', ['192.0.2.60']],
    ['forwarded', 'proto=https;by=10.0.0.1', []],
    ['forwarded', 'For="_hidden", for=unknown', ['_hidden', 'unknown']],
  ])('%s: %j', (header, value, expected) => expect(claimedChain(header, value)).toEqual(expected));
});

describe('parseTrustProxy / parseForwardedHeader', () => {
  it.each([
    [undefined, 'none'],
    ['', 'none'],
    ['false', 'none'],
    ['0', 'none'],
    ['2', 'hops'],
    ['10.0.0.0/8,127.0.0.1', 'ranges'],
    ['::1, fd00::/8', 'ranges'],
  ])('%j → %s', (raw, kind) => expect(parseTrustProxy(raw).kind).toBe(kind));

  it.each(['yes', '10.0.0.0/99', '10.0.0.0/8,,', 'loopback'])('refuses %j', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/GAMEDATA_TRUST_PROXY/);
  });

  it('accepts the two header names, case-insensitive, and refuses others', () => {
    expect(parseForwardedHeader(undefined)).toBe('x-forwarded-for');
    expect(parseForwardedHeader('Forwarded')).toBe('forwarded');
    expect(() => parseForwardedHeader('x-real-ip')).toThrow(/GAMEDATA_FORWARDED_HEADER/);
  });
});
