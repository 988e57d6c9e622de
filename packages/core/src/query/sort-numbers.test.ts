import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { comparatorOf, parseSort, sortNumbers } from './sort.js';

// The fixture's four items: ashbringer (rarity 4, mgt 40), iron-helm (0), jade-ring (2), party-hat
// (1); only ashbringer has a stat, and none has crc. Positions are in id order, ashbringer's 0.
const dataset = perTest(fixtureDataset);
const items = () => dataset().lists.items;
const position = (id: string) => items().ids.indexOf(id);

describe('sortNumbers', () => {
  it('puts a record lacking the second key before the next rank of the first: its digit never carries', () => {
    // rarity,stat.mgt: jade-ring is rank 2 and lacks mgt (the digit 4, the size), ashbringer rank 3
    // with mgt rank 0. Digits in base size + 1 (5): jade-ring (2·5 + 4)·4 + 2, ashbringer (3·5 + 0)·4.
    const numberOf = sortNumbers(items(), parseSort('items', 'rarity,stat.mgt', dataset()), 'en')!;
    expect(numberOf(position('jade-ring'))).toBe(58);
    expect(numberOf(position('ashbringer'))).toBe(60);
  });

  it.each(['rarity,stat.mgt', '-rarity,stat.mgt', 'stat.mgt,rarity', 'rarity,-stat.mgt,name'])(
    'sort=%s orders the fixture as comparatorOf does',
    (sort) => {
      const keys = parseSort('items', sort, dataset());
      const compare = comparatorOf(items(), keys, 'en');
      const numberOf = sortNumbers(items(), keys, 'en')!;
      const byNumber = [0, 1, 2, 3].sort((a, b) => numberOf(a) - numberOf(b));
      expect(byNumber).toEqual([0, 1, 2, 3].sort(compare));
    },
  );

  // The largest number a sort of k keys makes is (size + 1)^k · size − 1: every digit the size (the
  // record lacks every key) and the last position. It must be a whole number a double holds exactly.
  const sized = (size: number) => ({ ...items(), size }) as ReturnType<typeof items>;

  it.each([
    [2, 208_063],
    [3, 9_741],
  ])(
    'with %i keys, gives numbers up to %i records, the most whose numbers stay below 2^53',
    (count, most) => {
      const keys = parseSort(
        'items',
        'stat.crc,stat.mgt,name'.split(',').slice(0, count).join(','),
        dataset(),
      );
      expect((most + 1) ** count * most).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
      expect((most + 2) ** count * (most + 1)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
      expect(sortNumbers(sized(most), keys, 'en')).toBeDefined();
      expect(sortNumbers(sized(most + 1), keys, 'en')).toBeUndefined();
    },
  );

  it('gives a record lacking every key, at the largest size, its exact number', () => {
    const most = 208_063;
    const numberOf = sortNumbers(
      sized(most),
      parseSort('items', 'stat.crc,stat.mgt', dataset()),
      'en',
    )!;
    const at = position('iron-helm');
    const exact = ((BigInt(most) + 1n) ** 2n - 1n) * BigInt(most) + BigInt(at);
    expect(Number.isSafeInteger(numberOf(at))).toBe(true);
    expect(BigInt(numberOf(at))).toBe(exact);
  });
});
