import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { Dataset } from '../dataset/dataset.js';
import { ApiError } from '../errors.js';
import { createKeyStore, type KeyStore } from '../keys/key-store.js';
import type { Compress } from '../policy/content-coding.js';
import { createFallbackStore } from '../ratelimit/fallback-store.js';
import { createMemoryStore } from '../ratelimit/memory-store.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import type { AccessLogEntry } from './access-log.js';
import type { AppBindings, AppEnv } from './app-env.js';
import {
  UNMATCHED_ROUTE,
  type AppMetrics,
  type AppStats,
  type CacheCounts,
} from './app-metrics.js';
import { createLimiter, type Limiter } from './rate-limit.js';
import { createReferences } from './reference.js';
import type { Instance } from './instance.js';
import { releaseLanguages } from '../language/release-languages.js';
import { createResponder } from './respond.js';
import { createResponseCaches, type ResponseCaches } from './response-caches.js';
import { routerPath, type RouteRelease } from './route.js';
import { createRoutePolicy } from './route-policy.js';
import { routesOf } from './routes.js';
import { storeFlipLogEntry, type StoreFlipLogEntry } from './store-flip-log.js';

/** Everything the app needs from its runtime; adapters build this and hand the app their requests. */
export interface AppDeps {
  dataset: Dataset;
  /**
   * Shared rate-limit counters (e.g. Redis), behind `createFallbackStore`'s defaults: a request it is
   * slow to count is counted in memory, and when it fails or stays silent, limits fall back to memory
   * for this instance until it answers in time again. Without one, a bounded in-memory store counts
   * for this process alone.
   */
  rateLimitStore?: RateLimitStore;
  /** API keys; defaults to none (everyone is anonymous). */
  keyStore?: KeyStore;
  /**
   * Compresses JSON and HTML answers for clients that accept br or gzip, once per cached answer and
   * coding. Without it, every answer is sent uncompressed.
   */
  compress?: Compress;
  /**
   * The memory budget, in bytes (default 64 MiB), of what the app keeps for reuse: answers, matches,
   * and the indexes queries derive from the records. Every distinct page is another entry; the bound
   * keeps crafted queries from growing the process. The indexes are bounded by the data, not by the
   * budget: the answers make room for them, down to a quarter of the budget.
   */
  cacheBytes?: number;
  /** Clock in epoch milliseconds; its reading when the app is created is the start /v1/status reports. */
  now?: () => number;
  /**
   * Receives one entry per request (`msg: 'request'`), and one per switch of the rate limits between
   * the shared store and per-instance counters (`msg: 'rate-limit store'`).
   */
  log?: (entry: AppLogEntry) => void;
  /** Receives failures the client only sees as `internal`. */
  logError?: (message: string, error: unknown) => void;
  /**
   * Receives every request's access-log entry with its route's declared path, and every switch of the
   * rate-limit store, for the operator's metrics; what the app holds is read with `app.stats()`.
   */
  metrics?: AppMetrics;
}

/** What the app logs: a request, or a switch of the rate limits between shared and per-instance. */
export type AppLogEntry = AccessLogEntry | StoreFlipLogEntry;

/** What an adapter knows of a request it could not read whole, for `app.refuse`. */
export interface RefusedRequest {
  method: string;
  /** Whatever of the target was read (`*` when nothing was). */
  url: string;
  clientIp?: string;
  requestId?: string;
  /** The headers that were read, if any: a key among them picks the tier the refusal counts against. */
  headers?: HeadersInit;
}

/** The default bound of the app's caches: room for hundreds of full pages, small beside the dataset. */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** What every release an app serves shares: the counters, the keys, the logs and the instance's state. */
interface Shared {
  deps: AppDeps;
  limiter: Limiter;
  instance: Instance;
  cacheCounts: CacheCounts;
}

/**
 * The counters the limiter uses: the shared store behind a per-instance fallback, or memory alone.
 * Each switch between them is logged and kept in `instance`, for /v1/status.
 */
function chooseRateLimitStore(
  deps: AppDeps,
  now: () => number,
  instance: Instance,
): RateLimitStore {
  const memory = createMemoryStore({ now });
  if (!deps.rateLimitStore) return memory;
  return createFallbackStore({
    primary: deps.rateLimitStore,
    fallback: memory,
    now,
    onFlip: (flip) => {
      instance.rateLimits = flip.state;
      if (!deps.log && !deps.metrics) return;
      const entry = storeFlipLogEntry(flip);
      deps.log?.(entry);
      deps.metrics?.storeFlip(entry);
    },
  });
}

/**
 * The whole HTTP API as a Hono app serving one release. Mount it (`parent.route('/gamedata', app)`),
 * wrap it in middleware of your own, or hand `app.fetch` to any runtime that speaks fetch.
 */
export class GameDataApp extends Hono<AppEnv> {
  readonly #shared: Shared;
  readonly #caches: ResponseCaches;

  constructor(dataset: Dataset, shared: Shared) {
    super({ router: new RegExpRouter() });
    this.#shared = shared;
    const { deps } = shared;
    const responder = createResponder(dataset.meta.version, deps.compress);
    const policy = createRoutePolicy({
      limiter: shared.limiter,
      responder,
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.logError ? { logError: deps.logError } : {}),
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
    });
    const caches = createResponseCaches(
      dataset,
      deps.cacheBytes ?? DEFAULT_CACHE_BYTES,
      shared.cacheCounts,
    );
    this.#caches = caches;
    const release: RouteRelease = {
      dataset,
      responder,
      caches,
      reference: createReferences(dataset),
      instance: shared.instance,
      languages: releaseLanguages(dataset),
    };
    // Every method reaches a route's policy, which answers OPTIONS (preflight) and refuses any method
    // but GET and HEAD (405) in the route's own tier.
    for (const route of routesOf(dataset.registry))
      this.all(routerPath(route.path), policy(route.path, route.tier, route.handler(release)));
    // A parent mounts the app by adding its `routes` under a prefix, and Hono joins the root `/` to
    // `/gamedata` as `/gamedata` alone; an entry of path `''` joins as `/gamedata/`. So a mounted app
    // answers its root with and without the trailing slash, and standing alone it routes as before.
    const root = this.routes.find((entry) => entry.path === '/');
    if (root) this.routes.push({ ...root, path: '' });
    // No route: a 404 for GET and HEAD, the preflight for OPTIONS, 405 for the rest (README,
    // "Choices the contract leaves open", Methods row).
    this.notFound(
      policy(UNMATCHED_ROUTE, 'caller', (c) => responder.notFound(c, 'No such resource.')),
    );
  }

  /**
   * The same app serving another dataset (a newly published release), sharing this one's rate-limit
   * counters, keys, logs and start time: switching releases neither resets nor doubles anyone's limit.
   */
  withDataset(dataset: Dataset): GameDataApp {
    return new GameDataApp(dataset, this.#shared);
  }

  /**
   * What the app holds now — the release, where rate limits are counted, the answer caches — for the
   * operator's metrics, read when they are collected rather than on every request.
   */
  stats(): AppStats {
    const { derivedBytes } = this.#caches;
    return {
      version: this.#caches.version,
      rateLimits: this.#shared.instance.rateLimits,
      cacheBytes: this.#caches.bytes + derivedBytes,
      derivedBytes,
      cache: this.#shared.cacheCounts,
    };
  }

  /**
   * Answers a request the adapter could not read whole — it came too slowly (408), its headers were
   * too large (431), its request line did not parse (400), its method is one no fetch `Request` can
   * carry — with `error`, as the app answers any other: counted against the client's limit, with
   * `x-request-id` and ratelimit headers, and logged with the method and target that were read.
   */
  refuse(error: ApiError, request: RefusedRequest): Promise<Response> {
    const env: AppBindings = { refusal: { error, method: request.method, url: request.url } };
    if (request.clientIp !== undefined) env.clientIp = request.clientIp;
    if (request.requestId !== undefined) env.requestId = request.requestId;
    return Promise.resolve(
      this.fetch(
        new Request('http://refused.invalid/', request.headers ? { headers: request.headers } : {}),
        env,
      ),
    );
  }
}

/**
 * Builds the whole HTTP API over an already-loaded dataset, as a Hono app. Pure of I/O: time, stores,
 * keys and logs are injected, so the same app runs under Node, Lambda or a test's `app.request`.
 *
 * @example
 * const app = createApp({ dataset });
 * const res = await app.request('/v1/items?limit=5', {}, { clientIp: '203.0.113.9' });
 */
export function createApp(deps: AppDeps): GameDataApp {
  const now = deps.now ?? Date.now;
  const instance: Instance = {
    startedAt: now(),
    rateLimits: deps.rateLimitStore ? 'shared' : 'per-instance',
  };
  const limiter = createLimiter({
    store: chooseRateLimitStore(deps, now, instance),
    keyStore: deps.keyStore ?? createKeyStore([]),
    now,
  });
  return new GameDataApp(deps.dataset, {
    deps,
    limiter,
    instance,
    cacheCounts: { hits: 0, misses: 0 },
  });
}
