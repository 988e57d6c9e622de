import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import {
  claimedChain,
  isTrustedProxy,
  parseForwardedHeader,
  parseTrustProxy,
  resolveClientAddress,
  type TrustProxy,
} from './client-address.js';

const none: TrustProxy = { kind: 'none' };
const ranges = (value: string) => parseTrustProxy(value);

describe('resolveClientAddress', () => {
  it.each<[string, string, string[], TrustProxy, string]>([
    [
      'no trust: the socket, whatever the header says',
      '203.0.113.5',
      ['1.2.3.4'],
      none,
      '203.0.113.5',
    ],
    ['no trust, IPv4-mapped socket', '::ffff:203.0.113.5', [], none, '203.0.113.5'],
    [
      '1 hop: the last claimed address',
      '10.0.0.2',
      ['6.6.6.6', '198.51.100.7'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '2 hops',
      '10.0.0.2',
      ['6.6.6.6', '198.51.100.7', '10.0.0.9'],
      { kind: 'hops', hops: 2 },
      '198.51.100.7',
    ],
    [
      'more hops than entries: the leftmost',
      '10.0.0.2',
      ['198.51.100.7'],
      { kind: 'hops', hops: 5 },
      '198.51.100.7',
    ],
    ['1 hop, no header: the socket', '10.0.0.2', [], { kind: 'hops', hops: 1 }, '10.0.0.2'],
    [
      'ranges: walk through trusted proxies only',
      '10.0.0.2',
      ['6.6.6.6', '198.51.100.7', '10.0.0.9'],
      ranges('10.0.0.0/8'),
      '198.51.100.7',
    ],
    [
      'ranges: an untrusted socket peer is the client',
      '203.0.113.5',
      ['1.2.3.4'],
      ranges('10.0.0.0/8'),
      '203.0.113.5',
    ],
    [
      'ranges: a spoofed entry left of the real client is never reached',
      '10.0.0.2',
      ['1.1.1.1', '198.51.100.7'],
      ranges('10.0.0.0/8, 127.0.0.1'),
      '198.51.100.7',
    ],
    [
      'ranges: garbage ends the walk at the last trusted hop',
      '10.0.0.2',
      ['not-an-ip'],
      ranges('10.0.0.0/8'),
      '10.0.0.2',
    ],
    [
      'ranges: IPv6 proxy and client',
      '2001:db8::10',
      ['2001:db8:ffff::1'],
      ranges('2001:db8::/64'),
      '2001:db8:ffff::1',
    ],
    [
      'ranges: a single address',
      '127.0.0.1',
      ['198.51.100.7'],
      ranges('127.0.0.1'),
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped socket (a dual-stack server)',
      '::ffff:10.0.0.2',
      ['198.51.100.7'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped client',
      '10.0.0.2',
      ['::ffff:198.51.100.7'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped client in capitals',
      '10.0.0.2',
      ['::FFFF:198.51.100.7'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped client in hexadecimal',
      '10.0.0.2',
      ['::ffff:c633:6407'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped client with a zone id',
      '10.0.0.2',
      ['::ffff:198.51.100.7%1'],
      { kind: 'hops', hops: 1 },
      '198.51.100.7',
    ],
    [
      '1 hop, IPv4-mapped client with a leading zero',
      '10.0.0.2',
      ['::ffff:010.0.0.7'],
      { kind: 'hops', hops: 1 },
      '10.0.0.7',
    ],
    [
      '1 hop, IPv6 client written long: the short form',
      '10.0.0.2',
      ['2001:DB8:0:0:0:0:0:7'],
      { kind: 'hops', hops: 1 },
      '2001:db8::7',
    ],
    [
      '1 hop, IPv6 client with a zone id: kept',
      '10.0.0.2',
      ['fe80::7%eth0'],
      { kind: 'hops', hops: 1 },
      'fe80::7%eth0',
    ],
    [
      '1 hop, a zone id ipaddr.js refuses ends the walk',
      '10.0.0.2',
      ['fe80::7%eth-0'],
      { kind: 'hops', hops: 1 },
      '10.0.0.2',
    ],
    [
      '1 hop, IPv4 in octal parts, as ipaddr.js reads it',
      '10.0.0.2',
      ['010.1.2.3'],
      { kind: 'hops', hops: 1 },
      '8.1.2.3',
    ],
    [
      '1 hop, IPv4 with a port: garbage',
      '10.0.0.2',
      ['198.51.100.7:8080'],
      { kind: 'hops', hops: 1 },
      '10.0.0.2',
    ],
    [
      '1 hop, bracketed IPv6: garbage',
      '10.0.0.2',
      ['[2001:db8::7]'],
      { kind: 'hops', hops: 1 },
      '10.0.0.2',
    ],
    [
      '1 hop, an octet past 255: garbage',
      '10.0.0.2',
      ['198.51.100.256'],
      { kind: 'hops', hops: 1 },
      '10.0.0.2',
    ],
    [
      '1 hop, an empty entry: garbage',
      '10.0.0.2',
      ['198.51.100.7', ''],
      { kind: 'hops', hops: 2 },
      '10.0.0.2',
    ],
    [
      '1 hop, garbage ends the walk before a good entry',
      '10.0.0.2',
      ['198.51.100.7', 'unknown'],
      { kind: 'hops', hops: 2 },
      '10.0.0.2',
    ],
    [
      'ranges: an IPv4-mapped socket in an IPv4 range',
      '::ffff:10.0.0.2',
      ['198.51.100.7'],
      ranges('10.0.0.0/8'),
      '198.51.100.7',
    ],
    [
      'ranges: an IPv4 socket is not in an IPv4-mapped IPv6 range',
      '10.0.0.2',
      ['198.51.100.7'],
      ranges('::ffff:10.0.0.0/104'),
      '10.0.0.2',
    ],
    ['ranges: /32 edge', '10.0.0.3', ['198.51.100.7'], ranges('10.0.0.2/32'), '10.0.0.3'],
    [
      'ranges: /1 holds the top half',
      '200.0.0.1',
      ['198.51.100.7'],
      ranges('128.0.0.0/1'),
      '198.51.100.7',
    ],
    [
      'ranges: /0 holds every IPv4 address',
      '203.0.113.5',
      ['198.51.100.7'],
      ranges('0.0.0.0/0'),
      '198.51.100.7',
    ],
    [
      'ranges: /0 holds no IPv6 address',
      '2001:db8::10',
      ['198.51.100.7'],
      ranges('0.0.0.0/0'),
      '2001:db8::10',
    ],
    [
      'ranges: an IPv6 proxy just outside its /64',
      '2001:db8:0:1::10',
      ['198.51.100.7'],
      ranges('2001:db8::/64'),
      '2001:db8:0:1::10',
    ],
    [
      'ranges: the walk stops at the first untrusted hop',
      '10.0.0.2',
      ['6.6.6.6', '198.51.100.7', '10.0.0.9'],
      ranges('10.0.0.0/8'),
      '198.51.100.7',
    ],
    [
      'ranges: Forwarded with ports, through two proxies',
      '10.0.0.2',
      claimedChain('forwarded', 'for=198.51.100.7:4711, for="[2001:db8::9]:80"'),
      ranges('2001:db8::/64, 10.0.0.0/8'),
      '198.51.100.7',
    ],
    [
      '1 hop: Forwarded, bracketed IPv6 with a port',
      '10.0.0.2',
      claimedChain('forwarded', 'for="[2001:DB8:cafe::17]:4711"'),
      { kind: 'hops', hops: 1 },
      '2001:db8:cafe::17',
    ],
    [
      '1 hop: Forwarded, IPv4 with a port',
      '10.0.0.2',
      claimedChain('forwarded', 'for=192.0.2.60:8080'),
      { kind: 'hops', hops: 1 },
      '192.0.2.60',
    ],
    [
      '1 hop: Forwarded, an obfuscated node ends the walk',
      '10.0.0.2',
      claimedChain('forwarded', 'for=_hidden'),
      { kind: 'hops', hops: 1 },
      '10.0.0.2',
    ],
  ])('%s', (_name, socket, chain, trust, expected) => {
    expect(resolveClientAddress(socket, chain, trust)).toBe(expected);
    // Asked again, with whatever the first call remembered.
    expect(resolveClientAddress(socket, chain, trust)).toBe(expected);
  });
});

/**
 * The address handling as it was before its fast paths, parsing every hop with ipaddr.js: the
 * reference the fast paths must agree with, whatever the input.
 */
const reference = {
  normalize(text: string | undefined): string | undefined {
    if (text === undefined) return undefined;
    if (isIPv4(text)) return text;
    return ipaddr.isValid(text) ? ipaddr.process(text).toString() : undefined;
  },
  inRanges(address: string, list: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>): boolean {
    const parsed = ipaddr.process(address);
    return list.some(
      ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits),
    );
  },
  isTrustedProxy(address: string, trust: TrustProxy): boolean {
    if (trust.kind !== 'ranges') return trust.kind === 'hops';
    return ipaddr.isValid(address) && reference.inRanges(address, trust.ranges);
  },
  resolve(socketAddress: string, chain: readonly string[], trust: TrustProxy): string {
    let client = reference.normalize(socketAddress);
    if (client === undefined) return socketAddress || 'unknown';
    if (trust.kind === 'none') return client;
    for (let hop = 1, next = chain.length - 1; next >= 0; hop++, next--) {
      const trusted =
        trust.kind === 'hops' ? hop <= trust.hops : reference.inRanges(client, trust.ranges);
      if (!trusted) break;
      const claimed = reference.normalize(chain[next]);
      if (claimed === undefined) break;
      client = claimed;
    }
    return client;
  },
};

/** Every shape an address comes in, well-formed or not. */
const ADDRESSES = [
  ...[
    '203.0.113.5',
    '10.0.0.2',
    '10.255.255.255',
    '11.0.0.0',
    '9.255.255.255',
    '0.0.0.0',
    '255.255.255.255',
    '127.0.0.1',
    '200.0.0.1',
  ],
  ...[
    '::ffff:10.0.0.2',
    '::FFFF:10.0.0.2',
    '::ffff:203.0.113.5',
    '0:0:0:0:0:ffff:10.0.0.2',
    '::ffff:0a00:0002',
    '::ffff:10.0.0.2%1',
    '::ffff:010.0.0.2',
    '::10.0.0.2',
    '::ffff:1.2.3',
    '::ffff:',
    '::ffff:1.2.3.4.5',
  ],
  ...[
    '2001:db8::10',
    '2001:DB8::10',
    '2001:db8:0:0:0:0:0:10',
    '2001:db8:0:1::1',
    '2001:db8:ffff::1',
    '2001:db8::1.2.3.4',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7::',
    '::1',
    '::',
  ],
  ...['fe80::1%eth0', 'fe80::1%eth-0', 'fe80::1%', '1.2.3.4%eth0'],
  ...[
    '010.0.0.2',
    '127.1',
    '0x7f.0.0.1',
    '4294967295',
    '01.2.3.4',
    '1.2.3.256',
    '1.2.3',
    '1.2.3.4.',
  ],
  ...[
    '',
    ' ',
    'unknown',
    '_hidden',
    'not-an-ip',
    '[::1]',
    '[2001:db8::1]:80',
    '10.0.0.2:8080',
    ' 10.0.0.2',
    '10.0.0.2 ',
    ':',
    ':::',
    '1::2::3',
    'g::1',
  ],
];

const TRUSTS: TrustProxy[] = [
  none,
  { kind: 'hops', hops: 1 },
  { kind: 'hops', hops: 2 },
  ...[
    '10.0.0.0/8',
    '10.0.0.2',
    '0.0.0.0/0',
    '128.0.0.0/1',
    '10.0.0.0/8, 2001:db8::/64',
    '::/0',
    '::ffff:10.0.0.0/104',
    '::ffff:10.0.0.2',
    'fe80::/10',
    '127.0.0.1/32, ::1',
  ].map(ranges),
];

describe('the fast paths agree with parsing every address with ipaddr.js', () => {
  it('resolveClientAddress, for every socket address, chain and trust', () => {
    const disagreements: string[] = [];
    for (const trust of TRUSTS) {
      for (const socket of ADDRESSES) {
        const chains = [[], ...ADDRESSES.flatMap((a) => [[a], ['6.6.6.6', a], [a, '2001:db8::9']])];
        for (const chain of chains) {
          const expected = reference.resolve(socket, chain, trust);
          for (const attempt of ['first', 'again']) {
            const actual = resolveClientAddress(socket, chain, trust);
            if (actual !== expected)
              disagreements.push(
                `${JSON.stringify(trust)} ${JSON.stringify(socket)} ${JSON.stringify(chain)} (${attempt}): ${actual}, not ${expected}`,
              );
          }
        }
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
  });

  it('isTrustedProxy, for every address and trust', () => {
    for (const trust of TRUSTS) {
      for (const address of ADDRESSES) {
        expect([address, isTrustedProxy(address, trust), isTrustedProxy(address, trust)]).toEqual([
          address,
          reference.isTrustedProxy(address, trust),
          reference.isTrustedProxy(address, trust),
        ]);
      }
    }
  });

  it('random IPv6 literals, written every way, and near misses', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const pick = <T>(list: readonly T[]): T => list[random(list.length)] as T;
    // Zero groups often, so that runs of them of every length and place occur.
    const group = () => (random(3) === 0 ? 0 : random(4) === 0 ? 0xffff : random(0x10000));
    const write = (value: number) => {
      const hex = value.toString(16).padStart(random(5), '0');
      return random(2) ? hex.toUpperCase() : hex;
    };
    const literal = () => {
      const groups =
        random(4) === 0
          ? [0, 0, 0, 0, 0, 0xffff, group(), group()]
          : Array.from({ length: 8 }, group);
      const written = groups.map(write);
      if (random(3) === 0) return written.join(':');
      // `::` in place of one or more groups, wherever they are.
      const start = random(8);
      const end = start + 1 + random(8 - start);
      return `${written.slice(0, start).join(':')}::${written.slice(end).join(':')}`;
    };
    const nearMiss = (text: string) =>
      pick([
        `${text}:1`,
        `1:${text}`,
        text.replace('::', ':::'),
        `${text}::`,
        `${text}%eth0`,
        `${text}%1`,
        text.replace(/:([0-9a-f]+)$/i, ':0$1'),
        `${text.replace(/:[0-9a-f]+:[0-9a-f]+$/i, '')}:1.2.3.4`,
        text.replace(/[0-9a-f]/i, 'g'),
        `[${text}]`,
        ` ${text}`,
      ]);
    const disagreements: string[] = [];
    const hops: TrustProxy = { kind: 'hops', hops: 1 };
    for (let i = 0; i < 5000; i++) {
      const address = random(4) === 0 ? nearMiss(literal()) : literal();
      const expected = reference.resolve('10.0.0.2', [address], hops);
      const actual = resolveClientAddress('10.0.0.2', [address], hops);
      if (actual !== expected) disagreements.push(`${address}: ${actual}, not ${expected}`);
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
  });

  it('random dotted quads, as they are and IPv4-mapped, against random IPv4 ranges', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const quad = () => [random(256), random(256), random(256), random(256)].join('.');
    for (let i = 0; i < 2000; i++) {
      const trust = ranges(`${quad()}/${random(33)}, ${quad()}/${random(33)}`);
      const socket = random(2) ? quad() : `::ffff:${quad()}`;
      const chain = [quad(), random(2) ? quad() : `::ffff:${quad()}`];
      expect(resolveClientAddress(socket, chain, trust)).toBe(
        reference.resolve(socket, chain, trust),
      );
      expect(isTrustedProxy(socket, trust)).toBe(reference.isTrustedProxy(socket, trust));
    }
  });
});

describe('claimedChain', () => {
  it.each<[ReturnType<typeof parseForwardedHeader>, string | undefined, string[]]>([
    ['x-forwarded-for', undefined, []],
    [
      'x-forwarded-for',
      '203.0.113.1, 198.51.100.2 ,10.0.0.1',
      ['203.0.113.1', '198.51.100.2', '10.0.0.1'],
    ],
    ['x-forwarded-for', '203.0.113.1', ['203.0.113.1']],
    ['x-forwarded-for', ' 2001:db8::1 ', ['2001:db8::1']],
    ['x-forwarded-for', ' ', ['']],
    ['x-forwarded-for', ',', ['', '']],
    [
      'forwarded',
      'for=192.0.2.43, for="[2001:db8:cafe::17]:4711";proto=https',
      ['192.0.2.43', '2001:db8:cafe::17'],
    ],
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
