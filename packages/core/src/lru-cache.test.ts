import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('computes once per key and evicts the least recently used past capacity', () => {
    const cache = new LruCache<number>(2);
    let calls = 0;
    const create = (n: number) => () => {
      calls++;
      return n;
    };
    expect(cache.getOrCreate('a', create(1))).toBe(1);
    expect(cache.getOrCreate('b', create(2))).toBe(2);
    expect(cache.getOrCreate('a', create(99))).toBe(1); // hit; 'a' is now the most recent
    expect(cache.getOrCreate('c', create(3))).toBe(3); // evicts 'b'
    expect(cache.size).toBe(2);
    expect(cache.getOrCreate('b', create(4))).toBe(4);
    expect(calls).toBe(4);
  });

  it('stores nothing when the value cannot be made', () => {
    const cache = new LruCache<number>(2);
    expect(() =>
      cache.getOrCreate('a', () => {
        throw new Error('bad query');
      }),
    ).toThrow('bad query');
    expect(cache.size).toBe(0);
    expect(cache.getOrCreate('a', () => 7)).toBe(7);
  });
});
