import type { MiddlewareHandler } from 'hono';
import { methodNotAllowed } from '../policy/errors.js';
import { preflightHeaders } from '../policy/headers.js';
import { setHeaders } from './respond.js';
import type { AppEnv } from './app-env.js';

const PREFLIGHT = Object.entries(preflightHeaders());

/**
 * spec §4: OPTIONS answers the CORS preflight with a 204, GET and HEAD go on to the routes, and any
 * other method is a 405 — on every path, known or not.
 */
export const allowedMethods: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'OPTIONS') {
    setHeaders(c, PREFLIGHT);
    return c.body(null, 204);
  }
  if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method);
  await next();
};
