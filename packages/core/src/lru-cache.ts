export interface LruCacheOptions<V> {
  /** The most entries kept. */
  maxEntries: number;
  /** The most bytes kept, as `sizeOf` counts them; unbounded when absent. */
  maxBytes?: number;
  /** An upper bound of what a value holds in memory, in bytes; required with `maxBytes`. */
  sizeOf?: (value: V) => number;
}

/**
 * A least-recently-used map, bounded by entries and by bytes. The dataset is immutable, so anything
 * derived from it (matched indexes, serialised pages) can be reused until it falls out of the cache;
 * the byte bound keeps crafted requests for many large, distinct answers from growing the process.
 */
export class LruCache<V extends NonNullable<unknown>> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #sizeOf: ((value: V) => number) | undefined;
  #bytes = 0;

  constructor(options: LruCacheOptions<V>) {
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#sizeOf = options.sizeOf;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes held, as `sizeOf` counts them. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value under `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`, dropping the least recently used past either bound. A value over the byte bound alone is not kept. */
  set(key: string, value: V): void {
    const bytes = this.#sizeOf?.(value) ?? 0;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    if (bytes > this.#maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  /**
   * Returns the cached value, computing and storing it on a miss; a value that `create` cannot make
   * (it throws) is not stored. Values are never undefined or null, so one lookup tells a hit.
   */
  getOrCreate(key: string, create: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value);
    return value;
  }
}
