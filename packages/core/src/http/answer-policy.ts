import type { MiddlewareHandler } from 'hono';
import { commonHeaders, requestHeaders } from '../policy/headers.js';
import { accessLogEntry, type AccessLogEntry } from './access-log.js';
import type { AppEnv } from './app-env.js';

/**
 * Outermost middleware: parses the URL once, names the request, and once it is answered adds the
 * headers every answer carries (the response policy's common set, and ratelimit-* when it was
 * counted) and writes its access-log line. Outermost, so it sees 304, 404, 405, 429 and errors alike.
 */
export function answerPolicy(datasetVersion: string, log: ((entry: AccessLogEntry) => void) | undefined): MiddlewareHandler<AppEnv> {
  const common = Object.entries(commonHeaders(datasetVersion));
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.env?.requestId ?? crypto.randomUUID();
    c.set('url', new URL(c.req.url));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of common) headers.set(name, value);
    for (const [name, value] of Object.entries(requestHeaders(requestId, c.get('rate')))) headers.set(name, value);
    log?.(accessLogEntry(c, requestId, performance.now() - started));
  };
}
