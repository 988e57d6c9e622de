/**
 * A small least-recently-used map. The dataset is immutable, so anything derived from it (matched
 * indexes, serialised pages) can be reused until it falls out of the cache.
 */
export class LruCache<V extends NonNullable<unknown>> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Returns the cached value, computing and storing it on a miss; a value that `create` cannot make
   * (it throws) is not stored. Values are never undefined or null, so one lookup tells a hit.
   */
  getOrCreate(key: string, create: () => V): V {
    const entries = this.#entries;
    const cached = entries.get(key);
    if (cached !== undefined) {
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    const value = create();
    entries.set(key, value);
    if (entries.size > this.#capacity) entries.delete(entries.keys().next().value as string);
    return value;
  }
}
