import { toApiError } from '../errors.js';
import { accessLogEntry, type AccessLogEntry } from './access-log.js';
import type { Answer, Exchange } from './exchange.js';
import type { Limiter } from './rate-limit.js';
import type { Responder } from './respond.js';

/** What answers one request once it has been let through: a route, or the app's answer to no route. */
export type RouteHandler = (exchange: Exchange) => Answer | Promise<Answer>;

/** Adds a GET (and so HEAD) route, its handler wrapped in the answer policy. */
export type AddRoute = (path: string, handler: RouteHandler) => void;

export interface AnswerPolicyDeps {
  limiter: Limiter;
  responder: Responder;
  log?: (entry: AccessLogEntry) => void;
  logError?: (message: string, error: unknown) => void;
}

/**
 * What happens around every handler of the app, in one wrapper rather than a chain of middleware:
 * count the request (a 429 past the limit), run the handler, turn anything thrown into the contract's
 * error answer, and write the access-log line — for 200, 304, 404, 405, 429 and 500 alike. A request
 * counted in memory by a synchronous handler is answered without a single await.
 */
export function createAnswerPolicy(deps: AnswerPolicyDeps): (handler: RouteHandler) => RouteHandler {
  const { limiter, responder, log } = deps;
  const fail = (exchange: Exchange, error: unknown): Answer => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal') deps.logError?.('request failed', error);
    return responder.error(exchange, apiError);
  };
  const logged = (exchange: Exchange, answer: Answer, started: number): Answer => {
    log?.(accessLogEntry(exchange, answer.status, performance.now() - started));
    return answer;
  };
  return (handler) => (exchange) => {
    const started = performance.now();
    let answer: Answer | Promise<Answer>;
    try {
      const counted = limiter(exchange);
      answer = counted ? counted.then(() => handler(exchange)) : handler(exchange);
    } catch (error) {
      answer = fail(exchange, error);
    }
    if (answer instanceof Promise) {
      return answer.catch((error: unknown) => fail(exchange, error)).then((settled) => logged(exchange, settled, started));
    }
    return logged(exchange, answer, started);
  };
}
