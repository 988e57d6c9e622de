import { describe, expect, it } from 'vitest';
import { negotiateCoding } from './content-coding.js';

describe('negotiateCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['br;q=0', undefined],
    ['gzip;q=0.5, identity', undefined],
    ['gzip;q=0.5, identity;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, identity', undefined],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['identity;q=0', undefined],
    ['gzip ; q=0.9 , br ; q=0.3', 'gzip'],
    ['br;q=nonsense', 'br'],
    [' , ,br', 'br'],
    ['x-gzip;q=0.5, br;q=0.4', 'gzip'],
    ['br;q=0, gzip;q=0, *', undefined],
    ['gzip ; q = 0.4 , identity', undefined],
    ['gzip;q=2, br', 'br'],
    ['gzip;q=.5, br;q=0.6', 'gzip'],
    ['br;q="0.1", gzip;q=0.5', 'br'],
    ['br;q=x;q=0.1, gzip;q=0.2', 'gzip'],
    ['br;q=0.1, gzip;q=1.000', 'gzip'],
    ['br;q=0.0001, gzip;q=0.9', 'br'],
    ['gzip, gzip;q=0', 'gzip'],
    // Weights of two and three decimals are weights (RFC 9110 §12.4.2), each compared as written.
    ['br;q=0.25, gzip;q=0.5', 'gzip'],
    ['br;q=0.125, gzip;q=0.5', 'gzip'],
    ['gzip;q=0.125, br;q=0.12', 'gzip'],
    ['gzip;q=0.125, br;q=0.5', 'br'],
    ['br;q=0.995, gzip;q=0.999', 'gzip'],
    ['gzip;q=0., br;q=0.5', 'br'],
    // A q that is no weight is dropped when spaced, as a weight is read when spaced (`gzip ; q = 0.4`).
    ['gzip;q=0.6, br; q=.5', 'br'],
    ['gzip;q=0.6, br;q =.5', 'br'],
    // x-gzip is gzip wherever the list names it, each time, with or without spaces before it.
    ['br;q=0.1, x-gzip', 'gzip'],
    ['br;q=0.1,x-gzip;q=0.5', 'gzip'],
    ['br;q=0.1,\t x-gzip ;q=0.5', 'gzip'],
    ['identity;q=0.5, br;q=0.1, x-gzip;q=0.9', 'gzip'],
    ['br;q=0.1, x-gzipped', 'br'],
    ['br;q=0.1, not-x-gzip', 'br'],
    ['x-gzip;q=0.05, br;q=0.1, x-gzip;q=0.5', 'gzip'],
  ])('%j → %s', (header, coding) => expect(negotiateCoding(header)).toBe(coding));

  it('answers the same for a value seen before, past the number of values it keeps, and for one too long to keep', () => {
    // 200 distinct values, twice over: more than are kept at once, so every one is both remembered and forgotten.
    const values = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? `gzip;q=0.${(i % 9) + 1}, x-custom-${i}` : `br;q=0, gzip;q=0, x-custom-${i}`,
    );
    const expected = values.map((_, i) => (i % 2 === 0 ? 'gzip' : undefined));
    expect([...values, ...values].map((value) => negotiateCoding(value))).toEqual([
      ...expected,
      ...expected,
    ]);
    const long = `${'x-pad;q=0.1, '.repeat(40)}br;q=0.2`;
    expect([negotiateCoding(long), negotiateCoding(long)]).toEqual(['br', 'br']);
  });
});
