import type { RateLimitStore } from './store.js';

export interface MemoryStoreOptions {
  /** Most counters held at once; past it the oldest are dropped. Default 100,000. */
  maxKeys?: number;
  /** Clock in epoch milliseconds; injected so tests can move time. */
  now?: () => number;
}

interface Counter {
  count: number;
  expiresAt: number;
}

/**
 * A per-process `RateLimitStore` with a hard cap on memory. A Map keeps insertion order, and counters
 * are created in time order, so the first entries are the first to expire: each call drops expired
 * counters from the front (amortised O(1)), and when the cap is reached the oldest counter goes.
 *
 * The trade-off of the cap: when more distinct clients call within one window than `maxKeys`, the
 * earliest of them lose their count and start afresh — the limit loosens for them rather than memory
 * growing without bound or anyone being refused wrongly.
 *
 * @example const store = createMemoryStore({ maxKeys: 50_000 });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): RateLimitStore & { readonly size: number } {
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();

  function dropExpired(at: number): void {
    for (const [key, counter] of counters) {
      if (counter.expiresAt > at) return;
      counters.delete(key);
    }
  }

  return {
    get size() {
      return counters.size;
    },
    consume(key, cost, expiresAt) {
      const at = now();
      dropExpired(at);
      let counter = counters.get(key);
      if (counter === undefined || counter.expiresAt <= at) {
        counters.delete(key);
        if (counters.size >= maxKeys) {
          const oldest = counters.keys().next();
          if (!oldest.done) counters.delete(oldest.value);
        }
        counter = { count: 0, expiresAt };
        counters.set(key, counter);
      }
      counter.count += cost;
      return Promise.resolve(counter.count);
    },
  };
}
