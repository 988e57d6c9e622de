// hono's RegExpRouter: every route is compiled into one expression (and the literal paths into one
// table) on the first request, which costs that request about 2 ms; after that a match is a single
// lookup or regex, where the build-free routers walk the route list on every request.
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { getPath, tryDecodeURIComponent } from 'hono/utils/url';
import type { RouteHandler } from './answer-policy.js';
import type { Exchange } from './exchange.js';

/** The app's GET routes (HEAD is answered as GET), matched as hono would match them. */
export interface RouteTable {
  add(path: string, handler: RouteHandler): void;
  /** The handler of the exchange's route, with its path parameters set; undefined when none matches. */
  find(exchange: Exchange): RouteHandler | undefined;
}

/** The path routes are matched on: percent-decoded as hono decodes it (`%2F` and `%25` stay encoded). */
function routingPath(path: string): string {
  return path.includes('%') ? getPath({ url: `http://route${path}` } as Request) : path;
}

/** A route table over hono's router, reading path parameters decoded as `c.req.param` would. */
export function createRouteTable(): RouteTable {
  const router = new RegExpRouter<RouteHandler>();
  return {
    add: (path, handler) => router.add('GET', path, handler),
    find(exchange) {
      const { method } = exchange;
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      const [matches, stash] = router.match('GET', routingPath(exchange.target.path));
      const [handler, names] = matches[0] ?? [];
      if (handler === undefined || names === undefined) return undefined;
      const params: Record<string, string> = {};
      for (const [name, at] of Object.entries(names)) {
        const raw = stash ? stash[at as number] : (at as string);
        if (raw !== undefined) params[name] = tryDecodeURIComponent(raw);
      }
      exchange.params = params;
      return handler;
    },
  };
}
