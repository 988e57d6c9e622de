import { LRUCache } from 'lru-cache';
import { smallHash } from './hash.js';

export interface LruCacheOptions<V> {
  /** The most entries kept. */
  maxEntries: number;
  /** The most bytes kept, as `sizeOf` counts them; unbounded when absent. */
  maxBytes?: number;
  /** An upper bound of what a value holds in memory, in bytes; required with `maxBytes`. */
  sizeOf?: (value: V) => number;
  /**
   * Bytes held elsewhere that count against `maxBytes` (what queries derive from the data, say): each
   * value kept makes room for them too, dropping the least recently used.
   */
  reserved?: () => number;
  /** Counts `getOrCreate`'s hits and misses into this object, for the operator's metrics. */
  counts?: { hits: number; misses: number };
  /**
   * Keep a value only when its key is asked for a second time while still remembered (each of the
   * last `maxEntries` keys asked for once, by a 30-bit hash): a stream of one-off keys — ever-new
   * queries — then cannot push out what is asked for again and again, nor make garbage of what it
   * would keep. Remembered as numbers, the keys themselves die young: kept, each request's key would
   * outlive a few young-generation collections and fill the old one (bench/README.md, "Search on
   * 100,000 items"). Two keys rarely share a hash; when they do, the second is kept a use early.
   */
  admitOnSecondUse?: boolean;
}

/**
 * A least-recently-used map, bounded by entries and by bytes. The dataset is immutable, so anything
 * derived from it (matched indexes, serialised pages) can be reused until it falls out of the cache;
 * the byte bound keeps crafted requests for many large, distinct answers from growing the process.
 * Backed by `lru-cache`, whose hit moves an index in arrays laid out in advance rather than
 * re-inserting into a Map: a hit is paid on nearly every request.
 */
export class LruCache<V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, V>;
  readonly #counts: { hits: number; misses: number } | undefined;
  /** The hashes of the keys asked for once, newest last, while `admitOnSecondUse`; a Set keeps insertion order. */
  readonly #seenOnce: Set<number> | undefined;
  readonly #remembered: number;
  readonly #room: (() => void) | undefined;

  constructor(options: LruCacheOptions<V>) {
    const { maxEntries, maxBytes, sizeOf, reserved } = options;
    this.#counts = options.counts;
    this.#seenOnce = options.admitOnSecondUse ? new Set() : undefined;
    this.#remembered = maxEntries;
    if (maxBytes !== undefined && sizeOf === undefined)
      throw new TypeError('LruCache: maxBytes needs sizeOf');
    this.#entries = new LRUCache<string, V>(
      maxBytes === undefined || sizeOf === undefined
        ? { max: maxEntries }
        : {
            max: maxEntries,
            maxSize: Math.max(1, Math.floor(maxBytes)),
            sizeCalculation: (value) => Math.max(1, Math.ceil(sizeOf(value))),
          },
    );
    const entries = this.#entries;
    this.#room =
      maxBytes === undefined || reserved === undefined
        ? undefined
        : () => {
            const room = maxBytes - reserved();
            while (entries.size > 0 && entries.calculatedSize > room) entries.pop();
          };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes held, as `sizeOf` counts them. */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The value under `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value` under `key`, dropping the least recently used past either bound. A value over the byte bound alone is not kept. */
  set(key: string, value: V): void {
    this.#keep(key, value);
  }

  #keep(key: string, value: V): void {
    this.#entries.set(key, value);
    this.#room?.();
  }

  /**
   * Returns the cached value, computing and storing it on a miss (with `admitOnSecondUse`, on its
   * key's second miss); a value that `create` cannot make (it throws) is not stored. Values are never
   * undefined or null, so one lookup tells a hit.
   */
  getOrCreate(key: string, create: () => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      if (this.#counts) this.#counts.hits++;
      return cached;
    }
    if (this.#counts) this.#counts.misses++;
    const value = create();
    const seen = this.#seenOnce;
    if (seen === undefined) this.#keep(key, value);
    else {
      const token = smallHash(key);
      if (seen.delete(token)) this.#keep(key, value);
      else {
        seen.add(token);
        if (seen.size > this.#remembered) seen.delete(seen.values().next().value as number);
      }
    }
    return value;
  }
}
