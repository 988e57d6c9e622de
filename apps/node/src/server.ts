import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp, createKeyStore, type KeyStore, type RateLimitStore } from '@gamedata/core';
import { createRedisStore, type RedisStore } from '@gamedata/redis-store';
import { readDataset } from '@gamedata/server-io/dataset';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { logError, logLine } from '@gamedata/server-io/logger';
import { claimedChain, resolveClientAddress } from './client-address.js';
import type { ServerConfig } from './config.js';
import { answerRefusedRequests, refusedRequestResponse } from './refused-requests.js';

export interface RunningServer {
  server: Server;
  url: string;
  datasetVersion: string;
  /** Reads the key file again; revoked keys are anonymous from the next request on. */
  reloadKeys(): Promise<number>;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export interface ServerOptions {
  log?: (entry: Record<string, unknown>) => void;
  /** Overrides the store chosen from the configuration (the benchmark uses this). */
  rateLimitStore?: RateLimitStore;
}

async function loadKeyStore(path: string): Promise<{ store: KeyStore; count: number }> {
  const { keys } = await readKeyFile(path);
  return { store: createKeyStore(keys), count: keys.filter((k) => !k.revoked).length };
}

/** Loads the dataset and key store, picks the rate-limit store, and serves the app until `close()`. */
export async function startServer(config: ServerConfig, options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? logLine;
  const { trustProxy = { kind: 'none' }, forwardedHeader = 'x-forwarded-for' } = config;
  const dataset = await readDataset(config.datasetDir);
  let keys = (await loadKeyStore(config.keysFile)).store;
  const redis: RedisStore | undefined =
    options.rateLimitStore || !config.redisUrl
      ? undefined
      : createRedisStore({ url: config.redisUrl, ...(config.redisPrefix ? { prefix: config.redisPrefix } : {}) });
  await redis?.ready;
  const rateLimitStore = options.rateLimitStore ?? redis;
  const app = createApp({
    dataset,
    // Indirect, so a reload swaps the keys under the running app.
    keyStore: { resolve: (key) => keys.resolve(key) },
    ...(rateLimitStore ? { rateLimitStore } : {}),
    log,
    logError,
    logInfo: (message) => log({ msg: message }),
  });

  const listener = getRequestListener(
    (request, env) => {
      const forwarded = claimedChain(forwardedHeader, env.incoming.headers[forwardedHeader]?.toString());
      const clientIp = resolveClientAddress(env.incoming.socket.remoteAddress ?? '', forwarded, trustProxy);
      return app.fetch(request, { clientIp });
    },
    { errorHandler: refusedRequestResponse(dataset.meta.version) },
  );
  // Node would answer a request without Host itself, with an empty 400; let the listener refuse it in
  // the contract's words instead.
  const server = createServer({ requireHostHeader: false }, listener);
  answerRefusedRequests(server, dataset.meta.version);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    server,
    url: `http://${host}:${port}`,
    datasetVersion: dataset.meta.version,
    async reloadKeys() {
      const loaded = await loadKeyStore(config.keysFile);
      keys = loaded.store;
      return loaded.count;
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
        server.closeIdleConnections();
      });
      await redis?.close();
    },
  };
}
