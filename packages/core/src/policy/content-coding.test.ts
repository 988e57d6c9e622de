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
  ])('%j → %s', (header, coding) => expect(negotiateCoding(header)).toBe(coding));
});
