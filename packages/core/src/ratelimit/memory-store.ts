import { CounterTable, KeyHash } from './counter-table.js';
import type { RateLimitStore } from './store.js';

export interface MemoryStoreOptions {
  /** Most counters held per window; past it the oldest half is dropped. Default 100,000. */
  maxKeys?: number;
  /** Clock in epoch milliseconds; injected so tests can move time. */
  now?: () => number;
}

/** A store in this process: it counts at once, and tells how many counters it holds. */
export interface MemoryStore extends RateLimitStore {
  consume(key: string, cost: 0 | 1, expiresAt: number): number;
  readonly size: number;
}

/**
 * The counters that expire at one moment — one rate-limit window — in two generations: new counters
 * go into `current`; when it holds half the cap it becomes `previous`, and the old `previous` is
 * dropped whole. A counter found in `previous` moves back to `current` when it is counted again.
 */
interface WindowCounters {
  current: CounterTable;
  previous: CounterTable;
}

/**
 * A per-process `RateLimitStore` that answers at once, with a hard cap on memory, whose every call
 * costs the same however many clients it counts. Counters are grouped by the moment they expire (keys
 * embed their window, so that is one group per window): a group is dropped whole when its window ends,
 * and within a group the cap drops the older half of the counters at once, by zeroing one table.
 * Nothing is ever deleted one by one, so neither the cap nor the roll of a window stalls a request.
 * Counters live in typed arrays (`CounterTable`), so counting a new client allocates nothing that the
 * garbage collector must keep: a million clients a minute cost no full collections.
 *
 * The trade-off of the cap: when more distinct clients call within one window than `maxKeys`, the
 * earliest of them lose their count and start afresh — the limit loosens for them rather than memory
 * growing without bound or anyone being refused wrongly.
 *
 * @example const store = createMemoryStore({ maxKeys: 50_000 });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const generationSize = Math.max(1, Math.floor((options.maxKeys ?? 100_000) / 2));
  const now = options.now ?? Date.now;
  const windows = new Map<number, WindowCounters>();
  const hashed = new KeyHash();
  let earliestExpiry = Infinity;

  /** Drops every window that has ended; only looks when the earliest one has. */
  function dropEnded(at: number): void {
    if (at < earliestExpiry) return;
    earliestExpiry = Infinity;
    for (const expiresAt of windows.keys()) {
      if (expiresAt <= at) windows.delete(expiresAt);
      else earliestExpiry = Math.min(earliestExpiry, expiresAt);
    }
  }

  function countersOf(expiresAt: number): WindowCounters {
    let counters = windows.get(expiresAt);
    if (counters === undefined) {
      counters = {
        current: new CounterTable(generationSize),
        previous: new CounterTable(generationSize),
      };
      windows.set(expiresAt, counters);
      earliestExpiry = Math.min(earliestExpiry, expiresAt);
    }
    return counters;
  }

  return {
    get size() {
      let size = 0;
      for (const { current, previous } of windows.values()) size += current.size + previous.size;
      return size;
    },
    consume(key, cost, expiresAt) {
      const at = now();
      dropEnded(at);
      // A counter that would expire at once is never kept: it counts this request alone.
      if (expiresAt <= at) return cost;
      const counters = countersOf(expiresAt);
      const hash = hashed.hash(key);
      let count = counters.current.get(hash);
      if (count === undefined) {
        count = counters.previous.get(hash) ?? 0;
        if (counters.current.size >= generationSize) {
          const dropped = counters.previous;
          counters.previous = counters.current;
          dropped.clear();
          counters.current = dropped;
        }
      }
      count += cost;
      counters.current.set(hash, count);
      return count;
    },
  };
}
