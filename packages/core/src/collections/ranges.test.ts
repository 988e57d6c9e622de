import { describe, expect, it } from 'vitest';
import { parseNumber, parseRange, rangeText } from './ranges.js';

describe('ranges', () => {
  it.each([
    ['10..20', 10, 20, '10..20'],
    ['10..', 10, Infinity, '10..'],
    ['..20', -Infinity, 20, '..20'],
    ['7', 7, 7, '7'],
    ['7..7', 7, 7, '7'],
    ['-2.5..0.5', -2.5, 0.5, '-2.5..0.5'],
    ['0.5..1.0', 0.5, 1, '0.5..1'],
    ['0.25..', 0.25, Infinity, '0.25..'],
    ['..1.75', -Infinity, 1.75, '..1.75'],
    ['0.25..0.75', 0.25, 0.75, '0.25..0.75'],
    ['-10.125..-0.05', -10.125, -0.05, '-10.125..-0.05'],
    ['*', -Infinity, Infinity, '*'],
  ])('%s is %d to %d, normalised to %s', (raw, min, max, text) => {
    const range = parseRange('stat[mgt]', raw, parseNumber);
    expect(range).toEqual({ min, max });
    expect(rangeText(range)).toBe(text);
  });

  it.each(['', '..', 'a..b', '1...2', '.5', '1..2..3', '1e3', '0x10', ' 1', 'Infinity', 'NaN..'])(
    '"%s" is malformed: a 400 naming the parameter',
    (raw) =>
      expect(() => parseRange('stat[mgt]', raw, parseNumber)).toThrow(
        /stat\[mgt\] must be a range/,
      ),
  );

  it('a malformed range is a 400 that spells out the syntax', () =>
    expect(() => parseRange('stat[mgt]', '1..x', parseNumber)).toThrow(
      'stat[mgt] must be a range: `a..b` (inclusive), `a..`, `..b`, a single value, or `*`; got "1..x"',
    ));

  it('an empty range is a 400 saying so', () =>
    expect(() => parseRange('roll[crc]', '5..1', parseNumber)).toThrow(
      'roll[crc] is an empty range: 5..1 (the low end comes first)',
    ));
});
