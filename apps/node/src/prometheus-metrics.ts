import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  TIERS,
  type AccessLogEntry,
  type AppMetrics,
  type AppStats,
  type StoreFlipLogEntry,
} from '@gamedata/core/runtime';

/** The `key_id` of a request without a valid key: parenthesised, so no key id can take it. */
export const ANONYMOUS_KEY_LABEL = '(anonymous)';

/** The `tier` of a request that failed before it was counted (its key could not be looked up). */
const NO_TIER = 'none';

/**
 * Latency buckets in seconds: most answers come from the cache in well under a millisecond, so the
 * low end is fine-grained; a deadline-bound request is seconds.
 */
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/** The operator's Prometheus series and the hook that feeds them from the app. */
export interface PrometheusMetrics {
  /** Every `gamedata_…` series, for the metrics endpoint. */
  registry: Registry;
  /** The app's metrics hook (`AppDeps.metrics`). */
  hooks: AppMetrics;
}

/** The child under `key` in `map`, made once by `make`: a label set's child is looked up by prom-client only the first time. */
function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * A counter of something the app counts itself (`read()`, never decreasing): at each scrape it is
 * raised by what the app counted since the last one.
 */
function catchUpCounter(registry: Registry, name: string, help: string, read: () => number): void {
  let reported = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      this.inc(now - reported);
      reported = now;
    },
  });
}

/**
 * The series of the README's "Metrics" section, in a registry of their own. Requests are counted from
 * the access-log entry the app makes anyway, by route (its declared path), status and tier; what the
 * app holds (rate-limit store, caches, release) is read from `stats()` when Prometheus scrapes, so the
 * request path pays a few map lookups and increments, nothing more. Label values are bounded: routes
 * are the declared ones plus `unmatched`, statuses the contract's, key ids those of the key file.
 *
 * @example const metrics = createPrometheusMetrics(() => serving.app.stats()); createApp({ dataset, metrics: metrics.hooks })
 */
export function createPrometheusMetrics(stats: () => AppStats): PrometheusMetrics {
  const registry = new Registry();
  // Process and runtime series, event-loop delay among them (gamedata_nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: 'gamedata_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'gamedata_requests_total',
    help: 'Requests answered, by route (its declared path), status and rate-limit tier.',
    labelNames: ['route', 'status', 'tier'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'gamedata_request_duration_seconds',
    help: 'Time from the request reaching the app to its answer, by route.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: 'gamedata_rate_limited_total',
    help: 'Requests refused with 429, by rate-limit tier.',
    labelNames: ['tier'] as const,
    registers,
  });
  const perKey = new Counter({
    name: 'gamedata_key_requests_total',
    help: `Requests by API key id (never the key); ${ANONYMOUS_KEY_LABEL} without a valid key.`,
    labelNames: ['key_id'] as const,
    registers,
  });
  const flips = new Counter({
    name: 'gamedata_rate_limit_store_flips_total',
    help: 'Switches of the rate limits between the shared store and per-instance counters, by the state switched to.',
    labelNames: ['to'] as const,
    registers,
  });
  new Gauge({
    name: 'gamedata_rate_limit_store',
    help: 'Where rate limits are counted now: 1 for the current state (shared or per-instance), 0 for the other.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { rateLimits } = stats();
      this.set({ state: 'shared' }, rateLimits === 'shared' ? 1 : 0);
      this.set({ state: 'per-instance' }, rateLimits === 'per-instance' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gamedata_response_cache_bytes',
    help: 'Bytes held by the answer caches of the release served and the indexes its queries derived (counted against GAMEDATA_CACHE_BYTES).',
    registers,
    collect() {
      this.set(stats().cacheBytes);
    },
  });
  catchUpCounter(
    registry,
    'gamedata_response_cache_hits_total',
    'Answers found ready in the answer cache.',
    () => stats().cache.hits,
  );
  catchUpCounter(
    registry,
    'gamedata_response_cache_misses_total',
    'Answers that had to be made because the answer cache did not hold them.',
    () => stats().cache.misses,
  );
  new Gauge({
    name: 'gamedata_response_cache_hit_ratio',
    help: 'Hits over lookups of the answer cache since the process started (0 before the first lookup).',
    registers,
    collect() {
      const { hits, misses } = stats().cache;
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  new Gauge({
    name: 'gamedata_dataset_info',
    help: 'The release served, as its version label; always 1.',
    labelNames: ['version'] as const,
    registers,
    collect() {
      // One series at a time: the previous release's goes when another is served.
      this.reset();
      this.set({ version: stats().version }, 1);
    },
  });

  const requestChildren = new Map<string, Map<number, Map<string, Counter.Internal>>>();
  const latencyChildren = new Map<string, Histogram.Internal<'route'>>();
  const limitedChildren = new Map<string, Counter.Internal>();
  // Every tier from the start, at 0: an alert on the rate of 429s sees a series before the first one.
  for (const tier of Object.keys(TIERS)) {
    const child = limited.labels(tier);
    child.inc(0);
    limitedChildren.set(tier, child);
  }
  const keyChildren = new Map<string, Counter.Internal>();
  const flipChildren = new Map<string, Counter.Internal>();
  return {
    registry,
    hooks: {
      request(entry: AccessLogEntry, route: string) {
        const tier = entry.tier ?? NO_TIER;
        const byStatus = cached(
          requestChildren,
          route,
          () => new Map<number, Map<string, Counter.Internal>>(),
        );
        const byTier = cached(byStatus, entry.status, () => new Map<string, Counter.Internal>());
        cached(byTier, tier, () => requests.labels(route, String(entry.status), tier)).inc();
        cached(latencyChildren, route, () => latency.labels(route)).observe(
          entry.durationMs / 1000,
        );
        if (entry.status === 429) cached(limitedChildren, tier, () => limited.labels(tier)).inc();
        const keyId = entry.keyId ?? ANONYMOUS_KEY_LABEL;
        cached(keyChildren, keyId, () => perKey.labels(keyId)).inc();
      },
      storeFlip(entry: StoreFlipLogEntry) {
        cached(flipChildren, entry.state, () => flips.labels(entry.state)).inc();
      },
    },
  };
}
