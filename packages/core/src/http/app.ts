import type { Dataset } from '../dataset/dataset.js';
import { badRequest, type ApiError } from '../errors.js';
import { createKeyStore, type KeyStore } from '../keys/key-store.js';
import { createFallbackStore } from '../ratelimit/fallback-store.js';
import { createMemoryStore } from '../ratelimit/memory-store.js';
import type { Compress } from '../policy/content-coding.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import type { AccessLogEntry } from './access-log.js';
import { createAnswerPolicy, type AddRoute } from './answer-policy.js';
import { registerBulkRoutes } from './bulk-routes.js';
import { Exchange, type Answer, type AppRequest } from './exchange.js';
import { malformedRequest, methodNotAllowed } from '../policy/errors.js';
import { createLimiter, type Limiter } from './rate-limit.js';
import { registerReferenceRoutes } from './reference.js';
import { createResponder } from './respond.js';
import { RefusedTarget, requestUrl } from './request-url.js';
import { isToken } from './token.js';
import { createRouteTable } from './route-table.js';
import { registerDataRoutes } from './routes.js';
import { storeFlipLogEntry, type StoreFlipLogEntry } from './store-flip-log.js';
import { unroutedHandler } from './unrouted.js';

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
   * The most memory, in bytes, the answers and matches the app keeps for reuse may take (default
   * 64 MiB). Every distinct page is another entry; the bound keeps crafted queries from growing the
   * process.
   */
  cacheBytes?: number;
  /** Clock in epoch milliseconds. */
  now?: () => number;
  /**
   * Receives one entry per request (`msg: 'request'`), and one per switch of the rate limits between
   * the shared store and per-instance counters (`msg: 'rate-limit store'`).
   */
  log?: (entry: AppLogEntry) => void;
  /** Receives failures the client only sees as `internal`. */
  logError?: (message: string, error: unknown) => void;
}

/** What the app logs: a request, or a switch of the rate limits between shared and per-instance. */
export type AppLogEntry = AccessLogEntry | StoreFlipLogEntry;

/** What only the adapter knows of a request that comes as a web `Request`. */
export interface FetchEnv {
  clientIp?: string;
  requestId?: string;
}

/** The whole HTTP API, spoken two ways: plain requests and answers, or web `Request` and `Response`. */
export interface App {
  /**
   * Answers one request. The way for a server that parses requests itself (Node's http): no
   * `Request` or `Response` is made. Settles at once (no promise) when nothing needs waiting for.
   */
  answer(request: AppRequest): Answer | Promise<Answer>;
  /**
   * Answers a request the adapter could not read whole — it came too slowly (408), its headers were
   * too large (431), its request line did not parse (400) — with `error`, as the app answers any
   * other: counted against the client's limit, with `x-request-id` and ratelimit headers, and logged.
   * `request.url` is whatever of the target was read, for the log (`*` when nothing was).
   */
  refuse(error: ApiError, request: AppRequest): Answer | Promise<Answer>;
  /** The same answers over the web standard, for Lambda, tests and any runtime that speaks fetch. */
  fetch(request: Request, env?: FetchEnv): Promise<Response>;
  /**
   * The same app serving another dataset (a newly published release), sharing this one's rate-limit
   * counters, keys and logs: switching releases neither resets nor doubles anyone's limit.
   */
  withDataset(dataset: Dataset): App;
}

/** The default bound of the app's caches: room for hundreds of full pages, small beside the dataset. */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The counters the limiter uses: the shared store behind a per-instance fallback, or memory alone. */
function chooseRateLimitStore(deps: AppDeps, now: () => number): RateLimitStore {
  const memory = createMemoryStore({ now });
  if (!deps.rateLimitStore) return memory;
  return createFallbackStore({
    primary: deps.rateLimitStore,
    fallback: memory,
    now,
    onFlip: (flip) => deps.log?.(storeFlipLogEntry(flip)),
  });
}

/** A web `Response` of an answer; a HEAD gets the headers without the body (RFC 9110 §9.3.2). */
function toResponse(answer: Answer, method: string): Response {
  return new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Builds the whole HTTP API over an already-loaded dataset. Pure of I/O: time, stores, keys and logs
 * are injected, so the same app runs under Node, Lambda or a test's `app.fetch`.
 *
 * @example
 * const app = createApp({ dataset });
 * const res = await app.fetch(new Request('http://localhost/v1/items?limit=5'), { clientIp: '203.0.113.9' });
 */
export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now;
  return appServing(deps.dataset, deps, createLimiter({ store: chooseRateLimitStore(deps, now), keyStore: deps.keyStore ?? createKeyStore([]), now }));
}

function appServing(dataset: Dataset, deps: AppDeps, limiter: Limiter): App {
  const responder = createResponder(dataset.meta.version, deps.compress);
  const policy = createAnswerPolicy({ limiter, responder, ...(deps.log ? { log: deps.log } : {}), ...(deps.logError ? { logError: deps.logError } : {}) });
  const routes = createRouteTable();
  const get: AddRoute = (path, handler) => routes.add(path, policy(handler));
  registerReferenceRoutes(get, dataset, responder);
  registerDataRoutes(get, dataset, responder, deps.cacheBytes ?? DEFAULT_CACHE_BYTES);
  registerBulkRoutes(get, dataset, responder);
  const unrouted = policy(unroutedHandler(responder));
  const refuse = (error: ApiError, request: AppRequest): Answer | Promise<Answer> =>
    policy(() => {
      throw error;
    })(new Exchange(request));
  const answer = (request: AppRequest): Answer | Promise<Answer> => {
    const { method } = request;
    // Only GET, HEAD and OPTIONS are served anywhere (spec §4): any other method is refused before its
    // target is read, as an HTTP parser refuses a method it does not know.
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return refuse(isToken(method) ? methodNotAllowed(method) : malformedRequest(), request);
    let url: string;
    try {
      url = requestUrl(request.url, request.header('host'));
    } catch (error) {
      if (!(error instanceof RefusedTarget)) throw error;
      return refuse(badRequest(`${error.message}.`), request);
    }
    const exchange = new Exchange(url === request.url ? request : { ...request, url });
    return (routes.find(exchange) ?? unrouted)(exchange);
  };
  return {
    answer,
    refuse,
    async fetch(request, env = {}) {
      const headers = request.headers;
      const answered = await answer({
        method: request.method,
        url: request.url,
        header: (name) => headers.get(name) ?? undefined,
        ...(env.clientIp === undefined ? {} : { clientIp: env.clientIp }),
        ...(env.requestId === undefined ? {} : { requestId: env.requestId }),
      });
      return toResponse(answered, request.method);
    },
    withDataset: (next) => appServing(next, deps, limiter),
  };
}
