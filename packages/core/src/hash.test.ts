import { describe, expect, it } from 'vitest';
import { hashBytes, hashText } from './hash.js';

describe('hashText / hashBytes', () => {
  it('is deterministic and fixed-width', () => {
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).toMatch(/^[0-9a-z]{11}$/);
    expect(hashBytes(new Uint8Array([1, 2, 3]))).toMatch(/^[0-9a-z]{11}$/);
  });

  it.each([
    ['', 'a'],
    ['abc', 'abd'],
    ['abc', 'acb'],
    ['{"data":[1]}', '{"data":[2]}'],
  ])('distinguishes %j from %j', (a, b) => {
    expect(hashText(a)).not.toBe(hashText(b));
  });

  it('hashes ASCII text and its bytes alike', () => {
    expect(hashBytes(new TextEncoder().encode('sprite'))).toBe(hashText('sprite'));
  });
});
