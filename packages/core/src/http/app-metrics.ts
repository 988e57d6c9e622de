import type { AccessLogEntry } from './access-log.js';
import type { StoreFlipLogEntry } from './store-flip-log.js';

/**
 * The route label of a request no route matched: one fixed value, so a scan of random paths adds no
 * series.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Where the app reports what it did, for an operator's metrics (Prometheus on Node, CloudWatch on
 * Lambda). The app hands over what it already made for its logs; turning that into series is the
 * adapter's, so core depends on no metrics library and does no I/O.
 */
export interface AppMetrics {
  /**
   * One answered request, whatever its status. `route` is the declared path of the route that
   * answered (`/v1/items/{id}`, never the requested URL) or `UNMATCHED_ROUTE`: a bounded set of labels.
   * The entry is the access log's (no key, only its id); it must not be kept or changed.
   */
  request(entry: AccessLogEntry, route: string): void;
  /** One switch of the rate limits between the shared store and per-instance counters. */
  storeFlip(entry: StoreFlipLogEntry): void;
}

/** How often the app's answer cache was asked, since the app was created (across releases). */
export interface CacheCounts {
  /** Answers found ready in the cache. */
  hits: number;
  /** Answers that had to be made (and were then kept if they fit). */
  misses: number;
}

/** What the app holds right now, read when the operator's metrics are collected (`app.stats()`). */
export interface AppStats {
  /** The version of the release served. */
  version: string;
  /** Where requests are counted now: `shared` while the shared store answers, else `per-instance`. */
  rateLimits: 'shared' | 'per-instance';
  /**
   * The bytes the release served holds beyond its records, counted against `AppDeps.cacheBytes`: its
   * answer caches, and what queries have derived from its records (`derivedBytes`), which the answers
   * make room for down to a quarter of the budget.
   */
  cacheBytes: number;
  /**
   * Of `cacheBytes`, what queries have derived from the records and keep for the release's life —
   * the filters' and sorts' indexes, names ranked and ordered per language, members' starts, facets
   * along an order, the name indexes of `q` and each language's search index: bounded by the data,
   * not by the questions. Shared by every app serving the same dataset.
   */
  derivedBytes: number;
  /** Hits and misses of the answer cache, counted across every release this app served. */
  cache: Readonly<CacheCounts>;
}
