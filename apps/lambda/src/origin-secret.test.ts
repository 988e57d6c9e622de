import { describe, expect, it } from 'vitest';
import { carriesOriginSecret, parseViewerAddress } from './origin-secret.js';

const SECRET = 'aV3ry-l0ng-0rigin-secret';

describe('carriesOriginSecret', () => {
  it.each<[string | undefined, boolean]>([
    [SECRET, true],
    [undefined, false],
    ['', false],
    [SECRET.slice(0, -1), false],
    [`${SECRET}x`, false],
    [SECRET.toUpperCase(), false],
    [` ${SECRET}`, false],
    [SECRET.slice(0, -1) + '\u0000', false],
    [`${SECRET}\u0000`, false],
  ])('%j → %s', (presented, expected) => {
    expect(carriesOriginSecret(presented, SECRET)).toBe(expected);
  });
});

describe('parseViewerAddress', () => {
  it.each<[string | undefined, string | undefined]>([
    ['198.51.100.10:46532', '198.51.100.10'],
    [' 198.51.100.10:443 ', '198.51.100.10'],
    ['2001:db8:85a3::8a2e:370:7334:46532', '2001:db8:85a3::8a2e:370:7334'],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334:46532', '2001:0db8:85a3:0000:0000:8a2e:0370:7334'],
    ['::1:8080', '::1'],
    ['198.51.100.10', undefined],
    ['198.51.100.10:', undefined],
    ['198.51.100:46532', undefined],
    ['[2001:db8::1]:443', undefined],
    ['evil.example:443', undefined],
    ['198.51.100.10:46532, 203.0.113.1:1', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseViewerAddress(value)).toBe(expected);
  });
});
