import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { listen } from './listen.js';

/** The metrics endpoint, listening; `close()` stops it. */
export interface MetricsServer {
  /** Where it answers, e.g. `http://127.0.0.1:9464`; Prometheus scrapes `${url}/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `registry` in Prometheus' text format at `GET /metrics`, on its own port: the public server
 * never answers `/metrics`, so what the operator watches is not published, and a scrape does not count
 * against anyone's rate limit. Anything else is a bare 404.
 */
export async function startMetricsServer(
  registry: Registry,
  address: { port: number; host: string },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: metrics are at GET /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': registry.contentType })
          .end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Collecting the metrics failed: ${String(error)}\n`),
    );
  });
  const url = await listen(server, address);
  return {
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
