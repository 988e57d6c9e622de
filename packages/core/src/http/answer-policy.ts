import type { Context } from 'hono';
import { toApiError } from '../errors.js';
import { accessLogEntry, type AccessLogEntry } from './access-log.js';
import type { AppEnv } from './app-env.js';
import type { Limiter } from './rate-limit.js';
import { RequestTarget } from './request-target.js';
import type { Responder } from './respond.js';

/** What answers one request once it has been let through: a route, or the app's answer to no route. */
export type RouteHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** Adds a GET (and so HEAD) route, its handler wrapped in the answer policy. */
export type AddRoute = (path: string, handler: RouteHandler) => void;

export interface AnswerPolicyDeps {
  limiter: Limiter;
  responder: Responder;
  log?: (entry: AccessLogEntry) => void;
  logError?: (message: string, error: unknown) => void;
}

/** Names the request and splits its target, once; the responder and the access log read both. */
export function nameRequest(c: Context<AppEnv>): void {
  c.set('requestId', c.env?.requestId ?? crypto.randomUUID());
  c.set('target', new RequestTarget(c.req.url));
}

/**
 * What happens around every handler of the app, in one wrapper rather than a chain of middleware:
 * name the request, count it (a 429 past the limit), run the handler, turn anything thrown into the
 * contract's error answer, and write the access-log line — for 200, 304, 404, 405, 429 and 500 alike.
 * Each middleware layer would cost a promise and a closure per request; here a request counted in
 * memory by a synchronous handler is answered without a single await.
 */
export function createAnswerPolicy(deps: AnswerPolicyDeps): (handler: RouteHandler) => RouteHandler {
  const { limiter, responder, log } = deps;
  const fail = (c: Context<AppEnv>, error: unknown): Response => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') deps.logError?.('request failed', error);
    return responder.error(c, apiError);
  };
  const logged = (c: Context<AppEnv>, response: Response, started: number): Response => {
    log?.(accessLogEntry(c, response.status, performance.now() - started));
    return response;
  };
  return (handler) => (c) => {
    const started = performance.now();
    nameRequest(c);
    let answer: Response | Promise<Response>;
    try {
      const counted = limiter(c);
      answer = counted ? counted.then(() => handler(c)) : handler(c);
    } catch (error) {
      answer = fail(c, error);
    }
    if (answer instanceof Promise) {
      return answer.catch((error: unknown) => fail(c, error)).then((response) => logged(c, response, started));
    }
    return logged(c, answer, started);
  };
}
