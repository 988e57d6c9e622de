import { describe, expect, it } from 'vitest';
import { generateApiKey, isWellFormedApiKey } from './key-format.js';

describe('API keys', () => {
  it('generates distinct, well-formed keys with the gd_ prefix', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^gd_[0-9A-Za-z]{36}$/);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  const key = generateApiKey();
  const swap = (s: string, i: number) =>
    s.slice(0, i) + (s[i] === 'a' ? 'b' : 'a') + s.slice(i + 1);
  it.each([
    ['a typo in the random part', swap(key, 10)],
    ['a typo in the checksum', swap(key, key.length - 1)],
    ['a missing character', key.slice(0, -1)],
    ['an extra character', `${key}x`],
    ['another prefix', `gx_${key.slice(3)}`],
    ['no prefix', key.slice(3)],
    ['a character outside base62', `${key.slice(0, 20)}-${key.slice(21)}`],
    ['an empty string', ''],
  ])('refuses %s', (_name, candidate) => {
    expect(isWellFormedApiKey(candidate)).toBe(false);
  });
});
