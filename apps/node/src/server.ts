import { opendir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import {
  createApp,
  createKeyStore,
  refusalAnswer,
  toApiError,
  unreadableTarget,
  type GameDataApp,
  type KeyStore,
  REGISTRY,
  type Registry,
} from '@gamedata/core/runtime';
import type { RedisStore } from '@gamedata/redis-store';
import { compressBody } from '@gamedata/server-io/compress';
import {
  isS3Location,
  listReleases,
  openReleaseStore,
  readCurrentVersion,
  readRelease,
  type ReleaseStore,
} from '@gamedata/server-io/release-store';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { createLineLogger, type LineLogger } from '@gamedata/server-io/logger';
import { claimedChain, isTrustedProxy, resolveClientAddress } from './client-address.js';
import type { ServerConfig } from './config.js';
import {
  guardConnections,
  type ConnectionGuard,
  type ConnectionLimits,
} from './connection-guard.js';
import { listen } from './listen.js';
import { startMetricsServer, type MetricsServer } from './metrics-server.js';
import { readConnectionLimits } from './connection-limits.js';
import { answerRefusedRequests } from './refused-requests.js';
import { BatchedResponse } from './batched-response.js';
import { headerOf } from './request-header.js';

export interface RunningServer {
  server: Server;
  url: string;
  /** Where Prometheus scrapes `/metrics`, when `GAMEDATA_METRICS_PORT` is set. */
  metricsUrl?: string;
  /** The version of the release being served. */
  readonly datasetVersion: string;
  /** Reads the key file again; revoked keys are anonymous from the next request on. */
  reloadKeys(): Promise<number>;
  /**
   * Serves the release `CURRENT` names now, if it is another one — or the same one again when
   * releases came to or went from the directory, whose releases are the versions `/v1/changes`
   * accepts: requests already answering finish on the old app, every later one gets the new. Resolves
   * with the version served.
   */
  reloadRelease(): Promise<string>;
  /**
   * Stops accepting connections and closes idle ones; answers still being made are sent with
   * `connection: close`. Resolves once every connection is closed (in-flight ones are cut after the
   * shutdown grace) and Redis is let go.
   */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Where the access log and failures go; JSON lines on stdout and stderr when absent. */
  logger?: LineLogger;
  /** The lists served (`REGISTRY`, the API's own, when absent): a release holds some or all of them. */
  registry?: Registry;
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

/**
 * Redis when the configuration names one, connected before the first request; none (per-process
 * memory) otherwise. Its client is imported only then: loading it costs a fifth of a second of start-up.
 */
async function openRedisStore(config: ServerConfig): Promise<RedisStore | undefined> {
  if (!config.redisUrl) return undefined;
  const { createRedisStore } = await import('@gamedata/redis-store');
  const redis = createRedisStore({
    url: config.redisUrl,
    ...(config.redisPrefix ? { prefix: config.redisPrefix } : {}),
  });
  await redis.ready;
  return redis;
}

/** The app and the version of the release it serves; both are replaced when the release is. */
interface Serving {
  app: GameDataApp;
  version: string;
  /** The releases the directory held when the app was made: each is a version `/v1/changes` accepts. */
  releases: string;
}

/**
 * Node's request listener: @hono/node-server turns what Node parsed into the app's `Request`, with
 * the client's address worked out here (socket, or a trusted proxy's header), and writes the app's
 * answer out as it is. A target or Host it cannot read (a backslash in the path, an invalid Host) is
 * refused by the app, in the contract's words. Once shutdown began, every answer says
 * `connection: close`, so the client sends its next request elsewhere rather than onto a connection
 * about to close.
 */
function createListener(
  serving: Serving,
  config: ServerConfig,
  guard: ConnectionGuard,
  logger: LineLogger,
): RequestListener {
  const { trustProxy = { kind: 'none' }, forwardedHeader = 'x-forwarded-for' } = config;
  const clientIpOf = (incoming: IncomingMessage) =>
    resolveClientAddress(
      incoming.socket.remoteAddress ?? '',
      claimedChain(forwardedHeader, headerOf(incoming, forwardedHeader)),
      trustProxy,
    );
  // The request being read: when making its `Request` fails, the error handler is called at once,
  // before the listener returns, and this names whose request it was.
  let reading: IncomingMessage | undefined;
  const listener = getRequestListener(
    (request, { incoming }) =>
      serving.app.fetch(request, { clientIp: clientIpOf(incoming as IncomingMessage) }),
    {
      errorHandler: (error) => {
        if (error instanceof RequestError && reading) {
          const method = reading.method ?? '-';
          return serving.app.refuse(unreadableTarget(method, error.message), {
            method,
            url: reading.url ?? '*',
            clientIp: clientIpOf(reading),
          });
        }
        // The app answers every failure itself; this only guards the socket against a bug in that.
        logger.error('request failed', error);
        const { status, headers, body } = refusalAnswer(toApiError(error), serving.version);
        return new Response(body, { status, headers });
      },
    },
  );
  return (incoming, outgoing) => {
    if (guard.draining) outgoing.setHeader('connection', 'close');
    reading = incoming;
    void listener(incoming, outgoing);
    reading = undefined;
  };
}

/**
 * Node's HTTP server with the configured deadlines. Its header and request deadlines are checked
 * every second (Node's default, 30 s, let a silent connection live up to half a minute past its
 * deadline), whether or not other requests come in; `timeout` closes a socket silent for that long.
 * Its answers are written a round of the event loop at a time (`BatchedResponse`).
 */
function createHttpServer(limits: ConnectionLimits): Server {
  const server = createServer({
    ServerResponse: BatchedResponse,
    // Node would answer a request without Host itself, with an empty 400; the app refuses it in the
    // contract's words instead.
    requireHostHeader: false,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: 1000,
  });
  server.timeout = limits.idleTimeoutMs;
  return server;
}

/** The releases of a directory or bucket as one string, to notice on a reload that some came or went. */
const listedReleases = async (releases: ReleaseStore) => (await listReleases(releases)).join(' ');

/** Loads the current release and the key store, picks the rate-limit store, and serves the app until `close()`. */
export async function startServer(
  config: ServerConfig,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLineLogger({ sync: false });
  // A releases directory that is missing or unreadable fails here with its path and error code;
  // reading it would only find no CURRENT file and say that no release is current. A bucket's
  // failures name the bucket and S3's error code (ReleaseStoreError).
  if (!isS3Location(config.releasesDir)) await (await opendir(config.releasesDir)).close();
  const store = await openReleaseStore(config.releasesDir);
  const releases = await listedReleases(store);
  const registry = options.registry ?? REGISTRY;
  const { dataset } = await readRelease(store, undefined, registry);
  const keys = await loadReloadableKeys(config.keysFile);
  const redis = await openRedisStore(config);
  // Read at each scrape, of whichever release is served by then. prom-client is loaded only when
  // metrics are asked for: its import is a tenth of a second of every start.
  const metrics = config.metrics
    ? (await import('./prometheus-metrics.js')).createPrometheusMetrics(() => serving.app.stats())
    : undefined;
  const app = createApp({
    dataset,
    keyStore: keys.store,
    ...(redis ? { rateLimitStore: redis } : {}),
    compress: compressBody,
    ...(config.cacheBytes ? { cacheBytes: config.cacheBytes } : {}),
    log: logger.line,
    logError: logger.error,
    ...(metrics ? { metrics: metrics.hooks } : {}),
  });
  const serving: Serving = { app, version: dataset.meta.version, releases };
  const { trustProxy = { kind: 'none' } } = config;
  const limits = config.connections ?? readConnectionLimits({});
  const server = createHttpServer(limits);
  // The guard's listeners go first: it marks a connection busy before its request is answered.
  const guard = guardConnections(server, limits, (address) => isTrustedProxy(address, trustProxy));
  server.on('request', createListener(serving, config, guard, logger));
  answerRefusedRequests(server, {
    app: () => serving.app,
    clientIp: (socket: Socket) => resolveClientAddress(socket.remoteAddress ?? '', [], trustProxy),
    timeoutMessage: `The request did not arrive in time: headers are due within ${limits.headersTimeoutMs / 1000} s, the whole request within ${limits.requestTimeoutMs / 1000} s.`,
  });
  const url = await listen(server, config);
  const metricsServer: MetricsServer | undefined =
    metrics && config.metrics
      ? await startMetricsServer(metrics.registry, config.metrics)
      : undefined;
  return {
    server,
    url,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    get datasetVersion() {
      return serving.version;
    },
    reloadKeys: () => keys.reload(),
    async reloadRelease() {
      const [current, releases] = await Promise.all([
        readCurrentVersion(store),
        listedReleases(store),
      ]);
      // The same release is loaded again when releases came or went: its history is the directory's.
      if (current === serving.version && releases === serving.releases) return serving.version;
      const { dataset: next } = await readRelease(store, undefined, registry);
      serving.app = serving.app.withDataset(next);
      serving.version = next.meta.version;
      serving.releases = releases;
      return serving.version;
    },
    async close() {
      await guard.drain();
      await Promise.all([redis?.close(), metricsServer?.close()]);
    },
  };
}
