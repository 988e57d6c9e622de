// hono's RegExpRouter: every route is compiled into one expression (and the literal paths into one
// table) on the first request, which costs that request about 2 ms; after that a match is a single
// lookup or regex, where the build-free routers walk the route list on every request.
import { HonoBase } from 'hono/hono-base';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { Dataset } from '../dataset/dataset.js';
import { toApiError } from '../errors.js';
import { createKeyStore, type KeyStore } from '../keys/key-store.js';
import { createFallbackStore } from '../ratelimit/fallback-store.js';
import { createMemoryStore } from '../ratelimit/memory-store.js';
import type { Compress } from '../policy/content-coding.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import type { AccessLogEntry } from './access-log.js';
import { unroutedHandler } from './unrouted.js';
import type { AppEnv } from './app-env.js';
import { createAnswerPolicy, nameRequest, type AddRoute } from './answer-policy.js';
import { createLimiter } from './rate-limit.js';
import { registerReferenceRoutes } from './reference.js';
import { createResponder } from './respond.js';
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
  /**
   * Compresses JSON and HTML answers for clients that accept br or gzip, once per cached answer and
   * coding. Without it, every answer is sent uncompressed.
   */
  compress?: Compress;
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
export function createApp(deps: AppDeps): HonoBase<AppEnv> {
  const { dataset } = deps;
  const { version } = dataset.meta;
  const now = deps.now ?? Date.now;
  const responder = createResponder(version, deps.compress);
  const limiter = createLimiter({ store: chooseRateLimitStore(deps, now), keyStore: deps.keyStore ?? createKeyStore([]), now });
  const answer = createAnswerPolicy({ limiter, responder, ...(deps.log ? { log: deps.log } : {}), ...(deps.logError ? { logError: deps.logError } : {}) });
  const app = new HonoBase<AppEnv>({ router: new RegExpRouter() });
  const get: AddRoute = (path, handler) => app.get(path, answer(handler));
  registerReferenceRoutes(get, dataset, responder);
  registerDataRoutes(get, dataset, responder);
  app.notFound(answer(unroutedHandler(responder)));
  // The policy answers every failure of a handler itself; this is the net under Hono's own steps.
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') deps.logError?.('request failed', error);
    if (c.get('requestId') === undefined) nameRequest(c);
    return responder.error(c, apiError);
  });
  return app;
}
