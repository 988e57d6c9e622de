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
import { redactKey } from './api-key.js';
import type { AppEnv } from './app-env.js';
import { ALLOWED_METHODS, applyCorsHeaders, applyPreflightHeaders, applyRateLimitHeaders, JSON_CACHE_CONTROL } from './headers.js';
import { rateLimit } from './rate-limit.js';
import { createReference } from './reference.js';
import { sendError, sendRepresentation } from './respond.js';
import { registerDataRoutes } from './routes.js';

/** One structured access-log line. Never holds an API key: the path is redacted and keys appear by id. */
export type AccessLogEntry = {
  msg: 'request';
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  tier?: string;
  keyId?: string;
  client?: string;
};

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
  const logError = deps.logError ?? (() => {});
  const app = new Hono<AppEnv>();
  const reference = createReference(dataset);

  // Policy: headers every response carries, and the access log. Outermost, so it sees 304, 404, 405,
  // 429 and errors alike.
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.env?.requestId ?? crypto.randomUUID();
    const url = new URL(c.req.url);
    c.set('url', url);
    await next();
    const headers = c.res.headers;
    applyCorsHeaders(headers);
    headers.set('x-dataset-version', version);
    headers.set('x-request-id', requestId);
    const rate = c.get('rate');
    if (rate) applyRateLimitHeaders(headers, rate, c.res.status);
    deps.log?.({
      msg: 'request',
      requestId,
      method: c.req.method,
      path: redactKey(url.pathname + url.search),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(rate ? { tier: rate.tier } : {}),
      ...(c.get('keyId') ? { keyId: c.get('keyId') } : {}),
      ...(c.env?.clientIp ? { client: c.env.clientIp } : {}),
    });
  });

  app.use(
    rateLimit({
      store: deps.rateLimitStore
        ? createFallbackStore({
            primary: deps.rateLimitStore,
            fallback: createMemoryStore({ now }),
            now,
            onOutage: (error) => logError('rate-limit store unavailable; limiting per instance until it answers', error),
            onRecovery: () => deps.logInfo?.('rate-limit store answering again; limits are shared again'),
          })
        : createMemoryStore({ now }),
      keyStore: deps.keyStore ?? createKeyStore([]),
      now,
    }),
  );

  app.use(async (c, next) => {
    const method = c.req.method;
    if (method === 'OPTIONS') {
      const preflight = c.body(null, 204);
      applyPreflightHeaders(preflight.headers);
      return preflight;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      c.header('allow', ALLOWED_METHODS);
      throw new ApiError('method_not_allowed', `Method ${method} is not allowed; use ${ALLOWED_METHODS}.`);
    }
    await next();
  });

  app.get('/', (c) => {
    c.header('cache-control', JSON_CACHE_CONTROL);
    return c.redirect('/docs', 302);
  });
  app.get('/docs', async (c) => {
    const page = await reference.docsPage();
    c.header('content-security-policy', page.csp);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    return sendRepresentation(c, page);
  });
  app.get('/v1/openapi.json', async (c) => sendRepresentation(c, await reference.openapiJson()));
  registerDataRoutes(app, dataset);

  app.notFound((c) => sendError(c, new ApiError('not_found', 'No such resource.'), version));
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') logError('request failed', error);
    return sendError(c, apiError, version);
  });
  return app;
}
