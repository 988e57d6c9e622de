import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.js';

describe('createMemoryStore', () => {
  it('counts per key, and a cost of 0 reads without counting', async () => {
    const store = createMemoryStore({ now: () => 0 });
    expect(await store.consume('a', 1, 60_000)).toBe(1);
    expect(await store.consume('a', 1, 60_000)).toBe(2);
    expect(await store.consume('a', 0, 60_000)).toBe(2);
    expect(await store.consume('b', 1, 60_000)).toBe(1);
  });

  it('forgets a counter once it expires', async () => {
    let time = 0;
    const store = createMemoryStore({ now: () => time });
    await store.consume('a', 1, 60_000);
    await store.consume('a', 1, 60_000);
    time = 60_000;
    expect(await store.consume('a', 1, 120_000)).toBe(1);
    expect(store.size).toBe(1);
  });

  it('drops expired counters of other clients as time passes', async () => {
    let time = 0;
    const store = createMemoryStore({ now: () => time });
    for (let i = 0; i < 100; i++) await store.consume(`old-${i}`, 1, 60_000);
    time = 61_000;
    await store.consume('new', 1, 120_000);
    expect(store.size).toBe(1);
  });

  it('drops a whole window when it ends, however many clients it counted', async () => {
    let time = 0;
    const store = createMemoryStore({ now: () => time });
    for (let i = 0; i < 50_000; i++) await store.consume(`ip-${i}`, 1, 60_000);
    await store.consume('next-window', 1, 120_000);
    expect(store.size).toBe(50_001);
    time = 60_000;
    expect(await store.consume('ip-1', 1, 120_000)).toBe(1);
    expect(store.size).toBe(2);
  });

  // After the first of several windows ends, the next to end is the earliest of the rest, not the last.
  it('drops each of three windows exactly when it ends', async () => {
    let time = 0;
    const store = createMemoryStore({ now: () => time });
    for (const expiresAt of [60_000, 120_000, 180_000])
      for (let i = 0; i < 3; i++) await store.consume(`ip-${expiresAt}-${i}`, 1, expiresAt);
    expect(store.size).toBe(9);
    // At each time, one more request (of a fourth window): how many counters are left.
    for (const [at, left] of [
      [60_000, 7],
      [119_999, 7],
      [120_000, 4],
      [180_000, 1],
    ]) {
      time = at as number;
      await store.consume('later', 1, 240_000);
      expect(store.size).toBe(left);
    }
  });

  it('counts a request whose window has already ended without keeping a counter', async () => {
    const store = createMemoryStore({ now: () => 60_000 });
    expect(await store.consume('late', 1, 60_000)).toBe(1);
    expect(await store.consume('late', 1, 60_000)).toBe(1);
    expect(store.size).toBe(0);
  });

  // `pnpm bench` runs the same with a million clients and prints the heap.
  it(
    'never holds more than maxKeys counters, dropping the oldest',
    { timeout: 60_000 },
    async () => {
      const store = createMemoryStore({ maxKeys: 1000, now: () => 0 });
      for (let i = 0; i < 200_000; i++) {
        await store.consume(`ip-${i}`, 1, 60_000);
        expect(store.size).toBeLessThanOrEqual(1000);
      }
      expect(store.size).toBeGreaterThanOrEqual(500);
      // The newest clients keep their counts; the oldest start afresh.
      expect(await store.consume('ip-199999', 1, 60_000)).toBe(2);
      expect(await store.consume('ip-199500', 1, 60_000)).toBe(2);
      expect(await store.consume('ip-0', 1, 60_000)).toBe(1);
      expect(store.size).toBeLessThanOrEqual(1000);
    },
  );

  it('keeps counting a client whose counter has moved to the older half', async () => {
    const store = createMemoryStore({ maxKeys: 4, now: () => 0 });
    await store.consume('a', 1, 60_000);
    await store.consume('b', 1, 60_000);
    await store.consume('c', 1, 60_000); // a and b become the older half
    expect(await store.consume('a', 1, 60_000)).toBe(2);
    await store.consume('d', 1, 60_000); // c and a become the older half; b is dropped
    expect(await store.consume('a', 1, 60_000)).toBe(3);
    expect(await store.consume('b', 1, 60_000)).toBe(1);
  });
});
