import { baseRoutePath } from 'hono/route';
import type { AppContext } from './app-env.js';
import { RequestTarget } from './request-target.js';

/**
 * The request's path and query as the client sent them (percent-encoding kept), split once: what the
 * access log shows and what query parameters are read from. Hono's `c.req.path` is decoded for routing.
 */
export function targetOf(c: AppContext): RequestTarget {
  let target = c.get('target');
  if (!target) c.set('target', (target = new RequestTarget(c.env?.refusal?.url ?? c.req.url)));
  return target;
}

/** The request's query parameters, parsed on first use. */
export function queryOf(c: AppContext): URLSearchParams {
  return targetOf(c).params;
}

/**
 * Where the app is mounted: `''` when it serves at the root, `/gamedata` after
 * `parent.route('/gamedata', app)`. Links the app writes (a redirect, the bulk index's URLs, the
 * OpenAPI document's server) start with it.
 *
 * @example prefixOf(c) // '/gamedata'
 */
export function prefixOf(c: AppContext): string {
  const base = baseRoutePath(c);
  return base === '/' ? '' : base.replace(/\/$/, '');
}
