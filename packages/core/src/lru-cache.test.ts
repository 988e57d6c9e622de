import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('computes once per key and evicts the least recently used past capacity', () => {
    const cache = new LruCache<number>({ maxEntries: 2 });
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

  it('with admitOnSecondUse, keeps a value from its second miss on, so one-off keys push nothing out', () => {
    const counts = { hits: 0, misses: 0 };
    const cache = new LruCache<string>({ maxEntries: 2, admitOnSecondUse: true, counts });
    expect(cache.getOrCreate('popular', () => 'p1')).toBe('p1');
    expect(cache.size).toBe(0);
    expect(cache.getOrCreate('popular', () => 'p2')).toBe('p2');
    expect(cache.getOrCreate('popular', () => 'p3')).toBe('p2');
    expect(counts).toEqual({ hits: 1, misses: 2 });
    // A stream of keys asked for once each: none is kept, and the popular one stays.
    for (let i = 0; i < 100; i++) cache.getOrCreate(`once-${i}`, () => `v${i}`);
    expect(cache.size).toBe(1);
    expect(cache.getOrCreate('popular', () => 'p4')).toBe('p2');
    // Only the last maxEntries keys asked for once are remembered: an older one starts again.
    expect(cache.getOrCreate('once-99', () => 'again')).toBe('again');
    expect(cache.get('once-99')).toBe('again');
    expect(cache.getOrCreate('once-0', () => 'first again')).toBe('first again');
    expect(cache.get('once-0')).toBeUndefined();
  });

  it('with admitOnSecondUse, remembers a long key by its hash, and admits it all the same', () => {
    const cache = new LruCache<string>({ maxEntries: 2, admitOnSecondUse: true });
    const long = `items?q=${'x'.repeat(5000)}`;
    cache.getOrCreate(long, () => 'first');
    expect(cache.size).toBe(0);
    cache.getOrCreate(long, () => 'second');
    expect(cache.get(long)).toBe('second');
    expect(cache.getOrCreate(`${long}y`, () => 'other')).toBe('other');
    expect(cache.get(`${long}y`)).toBeUndefined();
  });

  it('stores nothing when the value cannot be made', () => {
    const cache = new LruCache<number>({ maxEntries: 2 });
    expect(() =>
      cache.getOrCreate('a', () => {
        throw new Error('bad query');
      }),
    ).toThrow('bad query');
    expect(cache.size).toBe(0);
    expect(cache.getOrCreate('a', () => 7)).toBe(7);
  });

  it('keeps at most maxBytes, dropping the least recently used, and never keeps a value over the bound', () => {
    const cache = new LruCache<string>({
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (value) => value.length,
    });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    cache.get('a');
    cache.set('c', 'cccc'); // 12 bytes: 'b' goes, the least recently used
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    expect(cache.bytes).toBe(8);
    cache.set('big', 'x'.repeat(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(8);
    cache.set('a', 'aaaaaa'); // replacing counts the new size only
    expect(cache.bytes).toBe(10);
  });

  it('makes room for bytes held elsewhere that count against its bound, as each value is kept', () => {
    let reserved = 0;
    const cache = new LruCache<string>({
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      reserved: () => reserved,
    });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    reserved = 4;
    cache.set('c', 'cc'); // 10 bytes and 4 elsewhere: 'a', the least recently used, goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bbbb', 'cc']);
    reserved = 12;
    cache.set('d', 'd'); // nothing fits beside 12 bytes held elsewhere
    expect(cache.size).toBe(0);
  });
});
