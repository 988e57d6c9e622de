import { describe, expect, it } from 'vitest';
import { generateApiKey } from './key-format.js';
import { KEY_LIKE, redactKeyLike, redactSecrets } from './redact.js';

const key = generateApiKey();
const encoded = [...key]
  .map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  .join('');

/** Unit cases; every disguise of a key is checked against the real servers' logs (test-support's `keyDisguises`). */
const TRICKY: ReadonlyArray<[string, string]> = [
  ['?key[]=', `/v1/items?key[]=${key}`],
  ['?%6Bey=', `/v1/items?%6Bey=${key}`],
  [';key= in the path', `/v1/items;key=${key}?limit=1`],
  ['percent-encoded, every character', `/v1/items?q=${encoded}`],
  ['upper-case prefix', `/v1/items?q=${key.replace('gd_', 'GD_')}`],
];

/** Texts of 1 to `most` of `pieces` picked at random, the same ones every run (a seeded generator). */
function joinsOf(pieces: readonly string[], seed: number): (most: number) => string {
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  return (most) =>
    Array.from({ length: 1 + random(most) }, () => pieces[random(pieces.length)]).join('');
}

describe('redactSecrets', () => {
  it.each(TRICKY)('%s: the key is gone', (_name, target) => {
    const redacted = redactSecrets(target);
    expect(redacted).toContain('[redacted]');
    expect(redacted).not.toContain(key.slice(3, 15));
    expect(redacted).not.toContain(encoded.slice(9, 30));
  });

  it.each([
    ['/v1/items', '/v1/items'],
    ['/v1/items?limit=5&q=gd', '/v1/items?limit=5&q=gd'],
    ['/v1/items?monkey=banana&ids=a,b', '/v1/items?monkey=banana&ids=a,b'],
    ['/v1/items?key=abc&limit=5', '/v1/items?key=[redacted]&limit=5'],
    ['/v1/items?%zz=1&key=s', '/v1/items?%zz=1&key=[redacted]'],
    ['/v1/items?stat%5Bmgt%5D=1..&limit=5', '/v1/items?stat%5Bmgt%5D=1..&limit=5'],
    ['/v1/items?stat%5Bmgt%5D=1..&%6Bey=s', '/v1/items?stat%5Bmgt%5D=1..&%6Bey=[redacted]'],
    ['/v1/items?q=%E0%A4&ap%69_%6Bey=s', '/v1/items?q=%E0%A4&ap%69_%6Bey=[redacted]'],
    // The Kelvin sign lower-cases to `k`.
    ['/v1/items?%E2%84%AAey=s', '/v1/items?%E2%84%AAey=[redacted]'],
    ['/v1/items?\u212Aey=s', '/v1/items?\u212Aey=[redacted]'],
  ])('%s → %s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('skips reading each name only where none can be a credential: its quick look misses none', () => {
    // A parameter named `token` makes every name be read; it ends the target, and what it adds to
    // the answer is cut off again, so that answer is the one every target would get read name by name.
    const readEveryName = (target: string) =>
      redactSecrets(`${target}&token=1`).slice(0, -'&token=[redacted]'.length);
    const pieces = ['?', '&', ';', '=', '/', '+', 'k', 'e', 'y', 'K', 'api', '_', 'stat', '[', ']'];
    pieces.push('%5B', '%5D', '%6B', '%6b', '%65', '%79', '%4B', '%5F', '%', '%zz', '%E0%A4', 'x');
    pieces.push('key=', '%6Bey=', 'ke%79=', 'KEY=', 'api_key=', '%6B%65%79=', 'pass');
    pieces.push('%E2%84%AA', '\u212A', '\u0130');
    const joined = joinsOf(pieces, 7);
    let redacted = 0;
    for (let i = 0; i < 20_000; i++) {
      const target = `/v1/items?${joined(30)}`;
      const expected = readEveryName(target);
      if (expected.includes('[redacted]')) redacted++;
      expect([target, redactSecrets(target)]).toEqual([target, expected]);
    }
    expect(redacted).toBeGreaterThan(500);
  });
});

describe('redactKeyLike', () => {
  it('replaces a key anywhere in a line, and leaves other text alone', () => {
    expect(redactKeyLike(`{"error":"bad ${key} here","stack":"at gd_x"}`)).toBe(
      '{"error":"bad [redacted] here","stack":"at gd_x"}',
    );
  });

  it('skips the pattern only where it cannot match: its quick look for "_" and "%5f" misses no key', () => {
    // Lines made of pieces of every way to write a key's prefix and body, so that the pattern has
    // plenty to match; whatever it would replace, redactKeyLike must replace too.
    const pieces = [
      'g',
      'G',
      'd',
      'D',
      '_',
      '%',
      '2',
      '4',
      '5',
      '6',
      '7',
      'f',
      'F',
      'a',
      'Z',
      '0',
      '%5f',
      '%5F',
      '%67',
      '%47',
      '%64',
      '%44',
      'gd',
      'GD',
      'gd_',
      'abcd1234',
      '"',
      ',',
      ' ',
      '\n',
    ];
    const joined = joinsOf(pieces, 5);
    let matched = 0;
    for (let i = 0; i < 20_000; i++) {
      const line = joined(40);
      const expected = line.replace(KEY_LIKE, '[redacted]');
      if (expected !== line) matched++;
      expect(redactKeyLike(line)).toBe(expected);
    }
    expect(matched).toBeGreaterThan(1000);
  });
});
