/**
 * A successful answer the client keeps: returned without a request while fresh (`freshUntil`), and
 * once stale revalidated by sending `etag` back as `If-None-Match`, which turns an unchanged answer
 * into a body-less 304 (README, "Choices the contract leaves open", Conditional requests row). JSON
 * bodies are kept as text (so a cache can serialise them), images as bytes.
 *
 * @example
 * const entry: CachedResponse = { etag: 'W/"2026-11-20.1-k3j2"', body: '{"data":[]}', freshUntil: Date.now() + 300_000 };
 */
export interface CachedResponse {
  etag: string;
  body: string | Uint8Array;
  /** Until when (ms since 1970) the answer is fresh, from its `cache-control`; absent: revalidate every time. */
  freshUntil?: number | undefined;
  /** `x-dataset-version` of the answer; a fresh answer of an older version than the client has seen is revalidated. */
  datasetVersion?: string | undefined;
  /** `content-language` of the answer, and its `x-language-fallback`, when it has them. */
  contentLanguage?: string | undefined;
  languageFallback?: string | undefined;
}

/**
 * Where the client keeps answers by request URL. Any object with `get` and `set` works — a `Map`, a
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
 * Bounds of {@link createMemoryCache}.
 *
 * @example
 * const limits: MemoryCacheOptions = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };
 */
export interface MemoryCacheOptions {
  /** Most answers kept. Default 100. */
  maxEntries?: number | undefined;
  /**
   * Most body bytes kept, counting an image's bytes and a JSON body's characters; an answer larger
   * than this is not kept at all. Default 8 MiB.
   */
  maxBytes?: number | undefined;
}

const sizeOf = (entry: CachedResponse) => entry.body.length;

/**
 * The default cache: in memory, least recently used first out once `maxEntries` answers or
 * `maxBytes` of bodies are reached, so a long-running process holds a bounded amount.
 *
 * @example
 * const gd = createClient({ baseUrl, cache: createMemoryCache({ maxEntries: 1000, maxBytes: 32 * 1024 * 1024 }) });
 */
export function createMemoryCache({
  maxEntries = 100,
  maxBytes = 8 * 1024 * 1024,
}: MemoryCacheOptions = {}): ResponseCache {
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;
  const remove = (url: string) => {
    const entry = entries.get(url);
    if (entry) bytes -= sizeOf(entry);
    entries.delete(url);
    return entry;
  };
  const add = (url: string, entry: CachedResponse) => {
    // Map order is insertion order: re-adding makes the entry the most recently used.
    entries.set(url, entry);
    bytes += sizeOf(entry);
  };
  return {
    get(url) {
      const entry = remove(url);
      if (entry) add(url, entry);
      return entry;
    },
    set(url, entry) {
      remove(url);
      if (sizeOf(entry) > maxBytes) return;
      add(url, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
  };
}
