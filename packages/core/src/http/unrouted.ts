import { ApiError } from '../errors.js';
import { preflightHeaders } from '../policy/headers.js';
import type { RouteHandler } from './answer-policy.js';
import type { Responder } from './respond.js';

/**
 * The answer to every request no GET route took, on every path, known or not (spec §4): OPTIONS is
 * the CORS preflight (204), and a GET or HEAD of a path that does not exist is a 404. Other methods
 * never get here: the app refuses them (405) before reading their target.
 */
export function unroutedHandler(responder: Responder): RouteHandler {
  const preflight = responder.fixed(204, preflightHeaders());
  return (exchange) => {
    const { method } = exchange;
    if (method === 'OPTIONS') return preflight(exchange);
    return responder.error(exchange, new ApiError('not_found', 'No such resource.'));
  };
}
