/**
 * A response body kept for conditional requests: sent back as `If-None-Match`, the etag turns an
 * unchanged answer into a body-less 304 (spec §7), and the client reuses `body`. JSON bodies are kept
 * as text (so a cache can serialise them), images as bytes.
 *
 * @example
 * const entry: CachedResponse = { etag: 'W/"2026-11-20.1-k3j2"', body: '{"data":[]}' };
 */
export interface CachedResponse {
  etag: string;
  body: string | Uint8Array;
}

/**
 * Where the client keeps bodies by request URL. Any object with `get` and `set` works — a `Map`, a
 * wrapper over `localStorage`, a KV store (the methods may return promises).
 *
 * @example
 * const gd = createClient({ baseUrl, cache: new Map() }); // unbounded: fine for a short script
 */
export interface ResponseCache {
  get(url: string): CachedResponse | undefined | Promise<CachedResponse | undefined>;
  set(url: string, entry: CachedResponse): unknown;
}

/**
 * The default cache: in memory, least recently used first out once `maxEntries` (default 100) is
 * reached, so a long-running process holds a bounded number of bodies.
 *
 * @example
 * const gd = createClient({ baseUrl, cache: createMemoryCache({ maxEntries: 1000 }) });
 */
export function createMemoryCache({ maxEntries = 100 }: { maxEntries?: number | undefined } = {}): ResponseCache {
  const entries = new Map<string, CachedResponse>();
  return {
    get(url) {
      const entry = entries.get(url);
      // Re-inserting moves the entry to the end of the Map's order: the most recently used.
      if (entry) {
        entries.delete(url);
        entries.set(url, entry);
      }
      return entry;
    },
    set(url, entry) {
      entries.delete(url);
      entries.set(url, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
