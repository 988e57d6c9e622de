import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, createKeyStore, type RateLimitStore } from '@gamedata/core';
import type { ServerConfig } from './config.js';
import { readDataset } from './read-dataset.js';
import { readKeyFile } from './key-file.js';
import { logError, logLine } from './logger.js';

export interface RunningServer {
  server: ServerType;
  url: string;
  datasetVersion: string;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is the IPv4 client 203.0.113.9. */
function normaliseAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** Loads the dataset and key store, and serves the app until `close()`. */
export async function startServer(
  config: ServerConfig,
  options: { log?: (entry: Record<string, unknown>) => void; rateLimitStore?: RateLimitStore } = {},
): Promise<RunningServer> {
  const log = options.log ?? logLine;
  const dataset = await readDataset(config.datasetDir);
  const keys = await readKeyFile(config.keysFile);
  const app = createApp({
    dataset,
    keyStore: createKeyStore(keys.keys),
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    log,
    logError,
  });

  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve(
      {
        // The socket's address is the client by default; no forwarding header is trusted.
        fetch: (request, env) => app.fetch(request, { clientIp: normaliseAddress(env.incoming.socket.remoteAddress) }),
        port: config.port,
        hostname: config.host,
      },
      () => resolve(started),
    );
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    server,
    url: `http://${host}:${port}`,
    datasetVersion: dataset.meta.version,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      }),
  };
}
