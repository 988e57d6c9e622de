import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  /** Origin of the server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every request it received, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves one HTML page at `/` (and 404 elsewhere) on a free port: a second origin for browser tests. */
export async function servePage(
  html: string,
  headers: Record<string, string> = {},
): Promise<PageServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
