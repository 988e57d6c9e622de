import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './map-concurrently.js';

describe('mapConcurrently', () => {
  it.each<[string, number, number, number]>([
    ['more items than the limit', 40, 4, 4],
    ['fewer items than the limit', 3, 16, 3],
    ['no items', 0, 16, 0],
  ])(
    '%s: results in order, never more than the limit at once',
    async (_name, count, limit, expectedPeak) => {
      let running = 0;
      let peak = 0;
      const items = Array.from({ length: count }, (_, i) => i);
      const results = await mapConcurrently(items, limit, async (item) => {
        peak = Math.max(peak, ++running);
        // Later items finish first, so the order of the results cannot come from the order of completion.
        await new Promise((resolve) => setTimeout(resolve, count - item));
        running--;
        return item * 2;
      });
      expect(results).toEqual(items.map((item) => item * 2));
      expect(peak).toBe(expectedPeak);
    },
  );

  it('rejects with the first failure', async () => {
    await expect(
      mapConcurrently([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('no 2');
        return item;
      }),
    ).rejects.toThrow('no 2');
  });
});
