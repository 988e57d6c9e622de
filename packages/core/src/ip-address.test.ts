import { describe, expect, it } from 'vitest';
import { isIPv6Literal, normalizeIpAddress, parseIpAddress, parseIpRange } from './ip-address.js';

describe('normalizeIpAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:203.0.113.5', '203.0.113.5'],
    ['::ffff:cb00:7105', '203.0.113.5'],
    ['::ffff:203.0.113.5%1', '203.0.113.5'],
    ['::ffff:010.0.0.7', '10.0.0.7'],
    ['::203.0.113.5', '203.0.113.5'],
    ['2001:DB8:0:0:0:0:0:7', '2001:db8::7'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['::', '::'],
    ['fe80::7%eth0', 'fe80::7%eth0'],
    ['010.1.2.3', '8.1.2.3'],
    ['127.1', '127.0.0.1'],
    ['fe80::7%eth-0', undefined],
    ['198.51.100.7:8080', undefined],
    ['[2001:db8::7]', undefined],
    ['198.51.100.256', undefined],
    ['1::2::3', undefined],
    ['', undefined],
    ['unknown', undefined],
  ])('%j → %j', (text, expected) => {
    expect(normalizeIpAddress(text)).toBe(expected);
    // Asked again, with whatever the first call remembered.
    expect(normalizeIpAddress(text)).toBe(expected);
  });
});

describe('parseIpAddress', () => {
  it.each([
    ['198.51.100.7', 'ipv4', '198.51.100.7'],
    ['::ffff:198.51.100.7', 'ipv4', '198.51.100.7'],
    ['::ffff:c633:6407', 'ipv4', '198.51.100.7'],
    ['::ffff:0:c633:6407', 'ipv6', '::ffff:0:c633:6407'],
    ['2001:db8::1', 'ipv6', '2001:db8::1'],
    ['fe80::7%eth0', 'ipv6', 'fe80::7%eth0'],
    ['010.1.2.3', 'ipv4', '8.1.2.3'],
  ])('%j is %s %s', (text, kind, written) => {
    const address = parseIpAddress(text);
    expect([address?.kind(), address?.toString()]).toEqual([kind, written]);
    // Asked again: the address it kept.
    expect(parseIpAddress(text)).toBe(address);
  });

  it.each(['fe80::7%eth-0', '1::2::3', '198.51.100.7:8080', '', 'unknown'])(
    '%j is no address',
    (text) => {
      expect([parseIpAddress(text), parseIpAddress(text)]).toEqual([undefined, undefined]);
    },
  );
});

describe('parseIpRange', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['2001:db8::/64', '2001:db8::/64'],
    ['::ffff:10.0.0.0/104', '::ffff:a00:0/104'],
    ['127.0.0.1', '127.0.0.1/32'],
    ['::1', '::1/128'],
    ['::ffff:10.0.0.2', '10.0.0.2/32'],
    ['10.0.0.0/99', undefined],
    ['', undefined],
    ['loopback', undefined],
  ])('%j → %j', (text, expected) => {
    const range = parseIpRange(text);
    expect(range && `${range[0].toString()}/${range[1]}`).toBe(expected);
  });
});

/** RFC 3986 §3.2.2's IPv6address, its ABNF written as a regular expression: the reference. */
const RFC_3986_IPV6 = (() => {
  const h16 = '[0-9a-f]{1,4}';
  const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
  const ls32 = `(?:${h16}:${h16}|${octet}(?:\\.${octet}){3})`;
  const upTo = (n: number) => (n < 0 ? '' : `(?:(?:${h16}:){0,${n}}${h16})?`);
  const forms = [
    `(?:${h16}:){6}${ls32}`,
    `::(?:${h16}:){5}${ls32}`,
    `${upTo(0)}::(?:${h16}:){4}${ls32}`,
    `${upTo(1)}::(?:${h16}:){3}${ls32}`,
    `${upTo(2)}::(?:${h16}:){2}${ls32}`,
    `${upTo(3)}::${h16}:${ls32}`,
    `${upTo(4)}::${ls32}`,
    `${upTo(5)}::${h16}`,
    `${upTo(6)}::`,
  ];
  return new RegExp(`^(?:${forms.join('|')})$`, 'i');
})();

describe('isIPv6Literal', () => {
  it.each([
    ['::1', true],
    ['::', true],
    ['2001:db8::', true],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', true],
    ['::ffff:192.0.2.1', true],
    ['::192.0.2.1', true],
    ['1:2:3:4:5:6:1.2.3.4', true],
    ['1:2:3:4:5:6:7::', true],
    ['fe80::1%25eth0', false],
    ['fe80::1%eth0', false],
    ['::ffff:01.2.3.4', false],
    ['::ffff:0x1.2.3.4', false],
    ['::ffff:256.0.0.1', false],
    ['::ffff:1.2.3', false],
    ['1:2:3:4:5:6:7:1.2.3.4', false],
    ['1:2:3:4:5:6:7:', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1::2::3', false],
    ['12345::1', false],
    ['127.0.0.1', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(isIPv6Literal(text)).toBe(expected);
    expect(RFC_3986_IPV6.test(text)).toBe(expected);
  });

  it("accepts exactly RFC 3986's IPv6address, over random literals and near misses", () => {
    let seed = 17;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * below);
    };
    const pick = <T>(list: readonly T[]): T => list[random(list.length)] as T;
    const group = () =>
      pick(['0', '00', '0000', '1', 'ffff', 'FfFf', 'db8', '2001', '12345', 'g', '']);
    const quad = () =>
      pick(['1.2.3.4', '255.255.255.255', '256.1.1.1', '01.2.3.4', '0x1.2.3.4', '1.2.3']);
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const groups = Array.from({ length: random(10) }, group);
      if (random(3) === 0) groups.push(quad());
      let text = groups.join(':');
      if (random(2) === 0) {
        const at = random(text.length + 1);
        text = `${text.slice(0, at)}::${text.slice(at)}`;
      }
      if (random(10) === 0) text += pick(['%eth0', '%25eth0', '%1', ':', '.']);
      if (isIPv6Literal(text) !== RFC_3986_IPV6.test(text)) disagreements.push(text);
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
  });
});
