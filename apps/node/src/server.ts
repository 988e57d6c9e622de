import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { ApiError, createApp, createKeyStore, refusalAnswer, toApiError, type Answer, type App, type KeyStore } from '@gamedata/core';
import { createRedisStore, type RedisStore } from '@gamedata/redis-store';
import { compressBody } from '@gamedata/server-io/compress';
import { readCurrentVersion, readRelease } from '@gamedata/server-io/release';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { createLineLogger, type LineLogger } from '@gamedata/server-io/logger';
import { claimedChain, resolveClientAddress } from './client-address.js';
import type { ServerConfig } from './config.js';
import { answerRefusedRequests } from './refused-requests.js';
import { RefusedTarget, requestUrl } from './request-url.js';

export interface RunningServer {
  server: Server;
  url: string;
  /** The version of the release being served. */
  readonly datasetVersion: string;
  /** Reads the key file again; revoked keys are anonymous from the next request on. */
  reloadKeys(): Promise<number>;
  /**
   * Serves the release `CURRENT` names now, if it is another one: requests already answering finish
   * on the old release, every later one gets the new. Resolves with the version served.
   */
  reloadRelease(): Promise<string>;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Where the access log and failures go; JSON lines on stdout and stderr when absent. */
  logger?: LineLogger;
}

/** The key file's keys, swappable under a running app: `reload()` reads the file again. */
interface ReloadableKeys {
  store: KeyStore;
  /** Resolves with the number of active keys now in force. */
  reload(): Promise<number>;
}

async function loadKeyStore(path: string): Promise<{ store: KeyStore; count: number }> {
  const { keys } = await readKeyFile(path);
  return { store: createKeyStore(keys), count: keys.filter((k) => !k.revoked).length };
}

async function loadReloadableKeys(path: string): Promise<ReloadableKeys> {
  let current = (await loadKeyStore(path)).store;
  return {
    // Indirect, so a reload swaps the keys under the running app.
    store: { resolve: (key) => current.resolve(key) },
    async reload() {
      const loaded = await loadKeyStore(path);
      current = loaded.store;
      return loaded.count;
    },
  };
}

/** Redis when the configuration names one, connected before the first request; none (per-process memory) otherwise. */
async function openRedisStore(config: ServerConfig): Promise<RedisStore | undefined> {
  if (!config.redisUrl) return undefined;
  const redis = createRedisStore({ url: config.redisUrl, ...(config.redisPrefix ? { prefix: config.redisPrefix } : {}) });
  await redis.ready;
  return redis;
}

/** A request header as one value: Node keeps a few (set-cookie) as lists, which are joined as fetch joins them. */
function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The app and the version of the release it serves; both are replaced when the release is. */
interface Serving {
  app: App;
  version: string;
}

/** Writes an answer as it is; a HEAD gets the headers alone (RFC 9110 §9.3.2). */
function writeAnswer(incoming: IncomingMessage, outgoing: ServerResponse, answer: Answer): void {
  outgoing.writeHead(answer.status, answer.headers);
  outgoing.end(incoming.method === 'HEAD' || answer.body === null ? undefined : answer.body);
}

/**
 * Node's request listener: checks the target and Host, works out the client's address, and hands the
 * request to the app as Node parsed it — no web `Request` or `Response` is made on the way, which would
 * cost more than the rest of an answer from cache.
 */
function createListener(serving: Serving, config: ServerConfig, logger: LineLogger): RequestListener {
  const { trustProxy = { kind: 'none' }, forwardedHeader = 'x-forwarded-for' } = config;
  return (incoming, outgoing) => {
    let url: string;
    try {
      url = requestUrl(incoming.url ?? '', incoming.headers.host);
    } catch (error) {
      const message = error instanceof RefusedTarget ? `${error.message}.` : 'Malformed request.';
      return writeAnswer(incoming, outgoing, refusalAnswer(new ApiError('bad_request', message), serving.version));
    }
    const forwarded = claimedChain(forwardedHeader, headerOf(incoming, forwardedHeader));
    const clientIp = resolveClientAddress(incoming.socket.remoteAddress ?? '', forwarded, trustProxy);
    const answer = serving.app.answer({ method: incoming.method ?? 'GET', url, header: (name) => headerOf(incoming, name), clientIp });
    if (!(answer instanceof Promise)) return writeAnswer(incoming, outgoing, answer);
    // The app answers every failure itself; this only guards the socket against a bug in that.
    answer.then(
      (settled) => writeAnswer(incoming, outgoing, settled),
      (error: unknown) => {
        logger.error('request failed', error);
        writeAnswer(incoming, outgoing, refusalAnswer(toApiError(error), serving.version));
      },
    );
  };
}

/** Listens on the configured host and port; resolves with the URL the server answers on. */
async function listen(server: Server, config: ServerConfig): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

/** Stops accepting connections, lets in-flight requests finish, then lets go of Redis. */
async function closeServer(server: Server, redis: RedisStore | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
  });
  await redis?.close();
}

/** Loads the current release and the key store, picks the rate-limit store, and serves the app until `close()`. */
export async function startServer(config: ServerConfig, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLineLogger({ sync: false });
  const { dataset } = await readRelease(config.releasesDir);
  const keys = await loadReloadableKeys(config.keysFile);
  const redis = await openRedisStore(config);
  const app = createApp({
    dataset,
    keyStore: keys.store,
    ...(redis ? { rateLimitStore: redis } : {}),
    compress: compressBody,
    log: logger.line,
    logError: logger.error,
    logInfo: (message) => logger.line({ msg: message }),
  });
  // Node would answer a request without Host itself, with an empty 400; let the listener refuse it in
  // the contract's words instead.
  const serving: Serving = { app, version: dataset.meta.version };
  const server = createServer({ requireHostHeader: false }, createListener(serving, config, logger));
  answerRefusedRequests(server, () => serving.version);
  const url = await listen(server, config);
  return {
    server,
    url,
    get datasetVersion() {
      return serving.version;
    },
    reloadKeys: () => keys.reload(),
    async reloadRelease() {
      if ((await readCurrentVersion(config.releasesDir)) === serving.version) return serving.version;
      const { dataset: next } = await readRelease(config.releasesDir);
      serving.app = serving.app.withDataset(next);
      serving.version = next.meta.version;
      return serving.version;
    },
    close: () => closeServer(server, redis),
  };
}
