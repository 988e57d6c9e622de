import type {
  AccessLogEntry,
  AppMetrics,
  AppStats,
  StoreFlipLogEntry,
} from '@gamedata/core/runtime';

/** The CloudWatch namespace of every metric the function writes; the template's dashboard reads it. */
export const METRICS_NAMESPACE = 'gamedata';

/** The `key_id` of a request without a valid key, as on Node: parenthesised, so no key id can take it. */
const ANONYMOUS_KEY_LABEL = '(anonymous)';

/**
 * What CloudWatch extracts from each request's line (Embedded Metric Format): the Prometheus series'
 * names and labels, as metrics and dimensions. Each directive names its own dimensions, so the count
 * by route, status and tier does not multiply by key id. `gamedata_rate_limit_store` is 1 under the
 * `state` the instance counts in (a line has one value per dimension, so the other state's 0 is not
 * written). The answer cache's figures carry `version`, the release served (Node's
 * `gamedata_dataset_info`). Made once: every line shares it.
 */
const REQUEST_DIRECTIVES = [
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['route', 'status', 'tier']],
    Metrics: [{ Name: 'gamedata_requests_total', Unit: 'Count' }],
  },
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['route']],
    Metrics: [{ Name: 'gamedata_request_duration_seconds', Unit: 'Seconds' }],
  },
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['tier']],
    Metrics: [{ Name: 'gamedata_rate_limited_total', Unit: 'Count' }],
  },
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['key_id']],
    Metrics: [{ Name: 'gamedata_key_requests_total', Unit: 'Count' }],
  },
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['state']],
    Metrics: [{ Name: 'gamedata_rate_limit_store', Unit: 'None' }],
  },
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['version']],
    Metrics: [
      { Name: 'gamedata_response_cache_bytes', Unit: 'Bytes' },
      { Name: 'gamedata_response_cache_hits_total', Unit: 'Count' },
      { Name: 'gamedata_response_cache_misses_total', Unit: 'Count' },
    ],
  },
];

const FLIP_DIRECTIVES = [
  {
    Namespace: METRICS_NAMESPACE,
    Dimensions: [['to']],
    Metrics: [{ Name: 'gamedata_rate_limit_store_flips_total', Unit: 'Count' }],
  },
];

/** The name of every metric the function writes, as the template's dashboard shows them. */
export const EMF_METRIC_NAMES: readonly string[] = [
  ...REQUEST_DIRECTIVES,
  ...FLIP_DIRECTIVES,
].flatMap((directive) => directive.Metrics.map((metric) => metric.Name));

/**
 * The app's metrics hook on Lambda: one Embedded Metric Format line per request (and per switch of
 * the rate-limit store), written with `write` to stdout, from which CloudWatch Logs makes the metrics —
 * no library, no call to CloudWatch, nothing added to the cold start. The cache's hits and misses are
 * those since the last line, so CloudWatch's Sum over a period is the period's. Never a key: `key_id`
 * is the key file's id.
 *
 * @example createApp({ dataset, metrics: createEmfMetrics(logger.line, () => app.stats()) })
 */
export function createEmfMetrics(
  write: (line: Record<string, unknown>) => void,
  stats: () => AppStats,
  now: () => number = Date.now,
): AppMetrics {
  const reported = { hits: 0, misses: 0 };
  return {
    request(entry: AccessLogEntry, route: string) {
      const { version, rateLimits, cacheBytes, cache } = stats();
      write({
        msg: 'metrics',
        _aws: { Timestamp: now(), CloudWatchMetrics: REQUEST_DIRECTIVES },
        route,
        status: String(entry.status),
        tier: entry.tier ?? 'none',
        key_id: entry.keyId ?? ANONYMOUS_KEY_LABEL,
        state: rateLimits,
        version,
        gamedata_requests_total: 1,
        gamedata_request_duration_seconds: entry.durationMs / 1000,
        gamedata_rate_limited_total: entry.status === 429 ? 1 : 0,
        gamedata_key_requests_total: 1,
        gamedata_rate_limit_store: 1,
        gamedata_response_cache_bytes: cacheBytes,
        gamedata_response_cache_hits_total: cache.hits - reported.hits,
        gamedata_response_cache_misses_total: cache.misses - reported.misses,
      });
      reported.hits = cache.hits;
      reported.misses = cache.misses;
    },
    storeFlip(entry: StoreFlipLogEntry) {
      write({
        msg: 'metrics',
        _aws: { Timestamp: now(), CloudWatchMetrics: FLIP_DIRECTIVES },
        to: entry.state,
        gamedata_rate_limit_store_flips_total: 1,
      });
    },
  };
}
