// hono/quick: routes are matched by a router that needs no building, where the default one compiles
// every route into one expression on the first request. A cold start (one Lambda instance answering
// one request) then does not pay for the build; with a dozen routes, matching costs about the same.
import { Hono } from 'hono/quick';
import type { Dataset } from '../dataset/dataset.js';
import { ApiError, toApiError } from '../errors.js';
import { createKeyStore, type KeyStore } from '../keys/key-store.js';
import { createFallbackStore } from '../ratelimit/fallback-store.js';
import { createMemoryStore } from '../ratelimit/memory-store.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import type { AccessLogEntry } from './access-log.js';
import { allowedMethods } from './allowed-methods.js';
import type { AppEnv } from './app-env.js';
import { answerPolicy } from './answer-policy.js';
import { rateLimit } from './rate-limit.js';
import { registerReferenceRoutes } from './reference.js';
import { sendError } from './respond.js';
import { registerDataRoutes } from './routes.js';

/** Everything the app needs from its runtime; adapters build this and hand `app.fetch` to their server. */
export interface AppDeps {
  dataset: Dataset;
  /**
   * Shared rate-limit counters (e.g. Redis). When it fails or is slow, limits fall back to memory for
   * this instance. Without one, a bounded in-memory store counts for this process alone.
   */
  rateLimitStore?: RateLimitStore;
  /** API keys; defaults to none (everyone is anonymous). */
  keyStore?: KeyStore;
  /** Clock in epoch milliseconds. */
  now?: () => number;
  /** Receives one entry per request. */
  log?: (entry: AccessLogEntry) => void;
  /** Receives failures the client only sees as `internal`, and rate-limit store outages. */
  logError?: (message: string, error: unknown) => void;
  /** Receives notable events that are not failures (a shared store answering again). */
  logInfo?: (message: string) => void;
}

/** The counters the limiter uses: the shared store behind a per-instance fallback, or memory alone. */
function chooseRateLimitStore(deps: AppDeps, now: () => number): RateLimitStore {
  const memory = createMemoryStore({ now });
  if (!deps.rateLimitStore) return memory;
  return createFallbackStore({
    primary: deps.rateLimitStore,
    fallback: memory,
    now,
    onOutage: (error) => deps.logError?.('rate-limit store unavailable; limiting per instance until it answers', error),
    onRecovery: () => deps.logInfo?.('rate-limit store answering again; limits are shared again'),
  });
}

/**
 * Builds the whole HTTP API over an already-loaded dataset. Pure of I/O: time, stores, keys and logs
 * are injected, so the same app runs under Node, Lambda or a test's `app.fetch`.
 *
 * @example
 * const app = createApp({ dataset });
 * const res = await app.fetch(new Request('http://localhost/v1/items?limit=5'), { clientIp: '203.0.113.9' });
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { dataset } = deps;
  const { version } = dataset.meta;
  const now = deps.now ?? Date.now;
  const app = new Hono<AppEnv>();
  app.use(answerPolicy(version, deps.log));
  app.use(rateLimit({ store: chooseRateLimitStore(deps, now), keyStore: deps.keyStore ?? createKeyStore([]), now }));
  app.use(allowedMethods);
  registerReferenceRoutes(app, dataset);
  registerDataRoutes(app, dataset);
  app.notFound((c) => sendError(c, new ApiError('not_found', 'No such resource.'), version));
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') deps.logError?.('request failed', error);
    return sendError(c, apiError, version);
  });
  return app;
}
