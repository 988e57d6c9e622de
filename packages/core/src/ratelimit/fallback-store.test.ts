import { describe, expect, it, vi } from 'vitest';
import { createFallbackStore } from './fallback-store.js';
import { createMemoryStore } from './memory-store.js';
import type { RateLimitStore } from './store.js';

function scriptedPrimary() {
  const state = { mode: 'up' as 'up' | 'down' | 'hang', calls: 0 };
  const store: RateLimitStore = {
    consume: () => {
      state.calls++;
      if (state.mode === 'down') return Promise.reject(new Error('ECONNREFUSED'));
      if (state.mode === 'hang') return new Promise<number>(() => {});
      return Promise.resolve(1000 + state.calls);
    },
  };
  return { state, store };
}

describe('createFallbackStore', () => {
  it('uses the primary while it answers', async () => {
    const { store } = scriptedPrimary();
    const fallbackStore = createFallbackStore({ primary: store, fallback: createMemoryStore() });
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(1001);
  });

  it('falls back on failure, reports the outage once, retries after the interval, reports recovery once', async () => {
    let time = 0;
    const { state, store } = scriptedPrimary();
    const events: string[] = [];
    const fallbackStore = createFallbackStore({
      primary: store,
      fallback: createMemoryStore({ now: () => time }),
      now: () => time,
      retryIntervalMs: 1000,
      onOutage: (error) => events.push(`outage: ${(error as Error).message}`),
      onRecovery: () => events.push('recovered'),
    });
    state.mode = 'down';
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(1);
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(2);
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(3);
    expect(state.calls).toBe(1); // not retried inside the interval
    time = 1500;
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(4); // retried, still down
    expect(state.calls).toBe(2);
    state.mode = 'up';
    time = 3000;
    expect(await fallbackStore.consume('k', 1, 60_000)).toBe(1003);
    expect(events).toEqual(['outage: ECONNREFUSED', 'recovered']);
  });

  it('treats a slow primary as failed after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const { state, store } = scriptedPrimary();
      state.mode = 'hang';
      const outages: unknown[] = [];
      const fallbackStore = createFallbackStore({ primary: store, fallback: createMemoryStore(), timeoutMs: 40, onOutage: (e) => outages.push(e) });
      const pending = fallbackStore.consume('k', 1, Date.now() + 60_000);
      await vi.advanceTimersByTimeAsync(40);
      expect(await pending).toBe(1);
      expect(String(outages[0])).toContain('within 40 ms');
    } finally {
      vi.useRealTimers();
    }
  });
});
