import { DamagedSectionError } from '../dataset/snapshot.js';
import { toApiError } from '../errors.js';
import { methodNotAllowed } from '../policy/errors.js';
import { preflightHeaders } from '../policy/headers.js';
import { accessLogEntry, type AccessLogEntry } from './access-log.js';
import type { AppContext } from './app-env.js';
import type { AppMetrics } from './app-metrics.js';
import { deprecationOf } from './deprecated-usage.js';
import type { Limiter } from './rate-limit.js';
import type { Responder } from './respond.js';
import type { RouteHandler, RouteTier } from './route.js';

export interface RoutePolicyDeps {
  limiter: Limiter;
  responder: Responder;
  log?: (entry: AccessLogEntry) => void;
  logError?: (message: string, error: unknown) => void;
  /** Given each request's access-log entry as well, with its route's declared path. */
  metrics?: AppMetrics;
}

/**
 * The client's address: the adapter's word for it, else the socket's when @hono/node-server serves
 * the app directly.
 */
function clientIpOf(c: AppContext): string | undefined {
  const env = c.env;
  return env?.clientIp ?? env?.incoming?.socket?.remoteAddress;
}

/**
 * What happens around every route's handler, decided here for every route alike (README,
 * "Choices the contract leaves open" and "Rate limits and keys"): take the request id, note whether
 * the request uses something deprecated (every answer then says so), count it against the route's
 * tier (a 429 past the limit), answer OPTIONS with the CORS preflight and any method but GET and
 * HEAD with a 405, run the handler, turn anything thrown into the contract's error answer, and
 * write the access-log line — for 200, 304, 404, 405, 429 and 500 alike — handing the same entry to
 * the metrics with `route`, the route's declared path.
 * It wraps the handler rather than running as middleware before it, so that a request counted in
 * memory by a synchronous handler is answered without a single await: Hono then calls the route's one
 * handler directly, and @hono/node-server writes its answer at once.
 *
 * @example app.all(routerPath(route.path), policy(route.path, route.tier, route.handler(release)))
 */
export function createRoutePolicy(
  deps: RoutePolicyDeps,
): (
  route: string,
  tier: RouteTier,
  handler: RouteHandler,
) => (c: AppContext) => Response | Promise<Response> {
  const { limiter, responder, log, metrics } = deps;
  const preflight = responder.fixed(204, preflightHeaders());
  const fail = (c: AppContext, error: unknown): Response => {
    const apiError = toApiError(error);
    // A damaged section of the release fails every request that reads it: logged by the first.
    const reported = error instanceof DamagedSectionError && !error.first;
    if (apiError.code === 'internal' && !reported) deps.logError?.('request failed', error);
    return responder.error(c, apiError);
  };
  // One entry per request, made only when someone reads it, shared by the log and the metrics.
  const logged = (
    c: AppContext,
    route: string,
    method: string,
    clientIp: string | undefined,
    started: number,
    response: Response,
  ): Response => {
    if (!log && !metrics) return response;
    const entry = accessLogEntry(c, method, clientIp, response.status, performance.now() - started);
    log?.(entry);
    metrics?.request(entry, route);
    return response;
  };
  return (route, tier, handler) => {
    const answer = (c: AppContext, method: string): Response | Promise<Response> => {
      const refusal = c.env?.refusal;
      if (refusal) throw refusal.error;
      if (method === 'GET' || method === 'HEAD') return handler(c);
      if (method === 'OPTIONS') return preflight(c);
      throw methodNotAllowed(method);
    };
    return (c) => {
      const started = performance.now();
      const method = c.env?.refusal?.method ?? c.req.method;
      const clientIp = clientIpOf(c);
      c.set('requestId', c.env?.requestId ?? crypto.randomUUID());
      // Before counting: a 429 to a request that uses something deprecated says so too.
      const deprecation = deprecationOf(c);
      if (deprecation) c.set('deprecation', deprecation);
      let response: Response | Promise<Response>;
      try {
        const counted = limiter(c, tier, method, clientIp ?? 'unknown');
        response = counted ? counted.then(() => answer(c, method)) : answer(c, method);
      } catch (error) {
        response = fail(c, error);
      }
      if (response instanceof Promise) {
        return response
          .catch((error: unknown) => fail(c, error))
          .then((settled) => logged(c, route, method, clientIp, started, settled));
      }
      return logged(c, route, method, clientIp, started, response);
    };
  };
}
