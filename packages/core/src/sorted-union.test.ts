import { describe, expect, it } from 'vitest';
import { seeded } from './testing/seeded.js';
import { eachOfBoth, union } from './sorted-union.js';

describe('sorted union', () => {
  it('visits each number of either list once, ascending, and lists them', () => {
    const random = seeded(9);
    for (let round = 0; round < 100; round++) {
      const list = () =>
        Int32Array.from(
          new Set(
            Array.from({ length: Math.floor(random() * 20) }, () => Math.floor(random() * 40)),
          ),
        ).sort();
      const [a, b] = [list(), list()];
      const visited: number[] = [];
      eachOfBoth(a, b, (word) => visited.push(word));
      expect(visited).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
      const once: number[] = [];
      eachOfBoth(a, a, (word) => once.push(word));
      expect(once).toEqual([...a]);
      expect(union(a, b)).toEqual(visited);
    }
  });
});
