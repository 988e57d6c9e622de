import { describe, expect, it } from 'vitest';
import { CounterTable, KeyHash } from './counter-table.js';

describe('CounterTable', () => {
  it('keeps a count per key, and none for a key never set', () => {
    const table = new CounterTable(8);
    const hash = new KeyHash();
    table.set(hash.hash('a'), 1);
    table.set(hash.hash('b'), 5);
    table.set(hash.hash('a'), 2);
    expect([
      table.get(hash.hash('a')),
      table.get(hash.hash('b')),
      table.get(hash.hash('c')),
    ]).toEqual([2, 5, undefined]);
    expect(table.size).toBe(2);
  });

  it('tells apart every key of a full table, and refuses one more', () => {
    const table = new CounterTable(50_000);
    const hash = new KeyHash();
    for (let i = 0; i < 50_000; i++)
      table.set(hash.hash(`anonymous:10.0.${i >> 8}.${i & 255}:0`), i);
    for (let i = 0; i < 50_000; i++)
      expect(table.get(hash.hash(`anonymous:10.0.${i >> 8}.${i & 255}:0`))).toBe(i);
    expect(table.size).toBe(50_000);
    expect(() => table.set(hash.hash('one more'), 1)).toThrow(RangeError);
  });

  it('forgets everything when cleared, and takes new counters again', () => {
    const table = new CounterTable(2);
    const hash = new KeyHash();
    table.set(hash.hash('a'), 1);
    table.set(hash.hash('b'), 1);
    table.clear();
    expect([table.size, table.get(hash.hash('a'))]).toEqual([0, undefined]);
    table.set(hash.hash('c'), 3);
    expect(table.get(hash.hash('c'))).toBe(3);
  });
});

describe('KeyHash', () => {
  it('is seeded per instance, so the same key hashes differently in two stores', () => {
    const [one, two] = [
      new KeyHash().hash('anonymous:203.0.113.9:0'),
      new KeyHash().hash('anonymous:203.0.113.9:0'),
    ];
    expect([one.high, one.low]).not.toEqual([two.high, two.low]);
  });
});
