import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFallbackStore, type StoreFlip } from './fallback-store.js';
import { createMemoryStore } from './memory-store.js';
import type { RateLimitStore } from './store.js';

const REFUSED = new Error('connect ECONNREFUSED 127.0.0.1:6379');
// Every request of these tests falls in one rate-limit window, which ends an hour from now.
const WINDOW_END = Date.now() + 3_600_000;

/**
 * A shared store whose calls do what `state` says when they are made: answer after `delayMs` (its
 * counts start at 1001, so they stand out from the fallback's), fail, or never answer.
 */
function scriptedPrimary() {
  const state = { mode: 'up' as 'up' | 'down' | 'hang', delayMs: 0, calls: 0 };
  let counted = 1000;
  const store: RateLimitStore = {
    consume: () => {
      state.calls++;
      if (state.mode === 'down') return Promise.reject(REFUSED);
      if (state.mode === 'hang') return new Promise<number>(() => {});
      const count = ++counted;
      return state.delayMs === 0
        ? Promise.resolve(count)
        : new Promise((resolve) => setTimeout(() => resolve(count), state.delayMs));
    },
  };
  return { state, store };
}

/** A fallback store over a scripted primary with the default timings, and the switches it reports. */
function storeUnderTest() {
  const primary = scriptedPrimary();
  const flips: StoreFlip[] = [];
  const store = createFallbackStore({
    primary: primary.store,
    fallback: createMemoryStore(),
    onFlip: (flip) => flips.push(flip),
  });
  return { primary, flips, store };
}

/** One request's count, letting `ms` of fake time pass while it is asked. */
async function countAfter(store: RateLimitStore, ms: number): Promise<number> {
  const counted = Promise.resolve(store.consume('k', 1, WINDOW_END));
  await vi.advanceTimersByTimeAsync(ms);
  return counted;
}

describe('createFallbackStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([0, 60, 200, 450])(
    'keeps every count shared when the primary answers in %i ms, one request at a time or 20 at once',
    async (delayMs) => {
      const { primary, flips, store } = storeUnderTest();
      primary.state.delayMs = delayMs;
      const oneByOne = [];
      for (let i = 0; i < 5; i++) oneByOne.push(await countAfter(store, delayMs));
      expect(oneByOne).toEqual([1001, 1002, 1003, 1004, 1005]);
      const atOnce = Promise.all(
        Array.from({ length: 20 }, () => store.consume('k', 1, WINDOW_END)),
      );
      await vi.advanceTimersByTimeAsync(delayMs);
      expect((await atOnce).every((count) => count > 1005)).toBe(true);
      expect(flips).toEqual([]);
    },
  );

  it('counts a request the primary does not answer in time in the fallback, that request alone, and drops the late answer', async () => {
    const { primary, flips, store } = storeUnderTest();
    primary.state.delayMs = 700;
    expect(await countAfter(store, 600)).toBe(1); // timed out at 500 ms: counted here
    primary.state.delayMs = 0;
    expect(await countAfter(store, 0)).toBe(1002); // the next request asks the primary again
    await vi.advanceTimersByTimeAsync(200); // the first call's answer (1001) arrives and is dropped
    expect(await countAfter(store, 0)).toBe(1003);
    expect(primary.state.calls).toBe(3); // no call was sent twice
    expect(flips).toEqual([]);
  });

  it('asks a primary that stopped answering on every request until it has answered nothing in time for 2 s, then switches once and no request waits', async () => {
    const { primary, flips, store } = storeUnderTest();
    primary.state.mode = 'hang';
    const counts = [];
    for (let i = 0; i < 4; i++) {
      expect(flips).toEqual([]);
      counts.push(await countAfter(store, 501)); // the 500 ms timeout, and the turn that lets a ready answer in
    }
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(primary.state.calls).toBe(4);
    expect(flips).toEqual([
      { state: 'per-instance', reason: 'timeout', failures: 4, downForMs: 2004 },
    ]);
    for (let i = 0; i < 10; i++) expect(store.consume('k', 1, WINDOW_END)).toBe(5 + i); // at once: no promise
    expect(flips).toHaveLength(1);
  });

  it('switches at once when a call fails outright, with the error, and no request waits after it', async () => {
    const { primary, flips, store } = storeUnderTest();
    primary.state.mode = 'down';
    expect(await countAfter(store, 0)).toBe(1);
    expect(flips).toEqual([
      { state: 'per-instance', reason: 'error', failures: 1, downForMs: 0, error: REFUSED },
    ]);
    expect([store.consume('k', 1, WINDOW_END), store.consume('k', 1, WINDOW_END)]).toEqual([2, 3]);
    expect(primary.state.calls).toBe(1); // asked again only after the retry interval
  });

  it('asks again once a second, beside a request counted at once, and switches back on the first answer in time', async () => {
    const { primary, flips, store } = storeUnderTest();
    primary.state.mode = 'down';
    await countAfter(store, 1000);
    expect(store.consume('k', 1, WINDOW_END)).toBe(2); // retried in the background: still refused
    await vi.advanceTimersByTimeAsync(1000);
    primary.state.mode = 'up';
    primary.state.delayMs = 700;
    expect(store.consume('k', 1, WINDOW_END)).toBe(3); // retried: answers, but too late to count
    await vi.advanceTimersByTimeAsync(1000);
    primary.state.delayMs = 100;
    expect(store.consume('k', 1, WINDOW_END)).toBe(4); // retried: answers in time
    await vi.advanceTimersByTimeAsync(100);
    expect(primary.state.calls).toBe(4);
    expect(await countAfter(store, 100)).toBe(1003); // shared again
    expect(flips).toEqual([
      { state: 'per-instance', reason: 'error', failures: 1, downForMs: 0, error: REFUSED },
      { state: 'shared', reason: 'answered', failures: 3, downForMs: 3100 },
    ]);
  });
});
