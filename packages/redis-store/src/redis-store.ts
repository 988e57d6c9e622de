import { createClient } from '@redis/client';
import type { RateLimitStore } from '@gamedata/core';
import { CONSUME_SCRIPT } from './consume-script.js';

export interface RedisStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://` for TLS. Works with Valkey too. */
  url: string;
  /** Prepended to every counter key, so several deployments can share one server. Default `gamedata:rl:`. */
  prefix?: string;
  /** How long to wait for a connection before a command fails. Default 1,000 ms. */
  connectTimeoutMs?: number;
  /** Connection errors, as they happen (the client reconnects on its own). */
  onError?: (error: Error) => void;
}

/** A rate-limit store on Redis, plus what an adapter needs to start and stop it cleanly. */
export interface RedisStore extends RateLimitStore {
  /** Counts in Redis: always a round trip, so always a promise. */
  consume(key: string, cost: 0 | 1, expiresAt: number): Promise<number>;
  /**
   * Settles once the first connection is up and the script loaded, or after `connectTimeoutMs`
   * (it never rejects). Adapters await it before serving, so the first requests of a fresh process
   * or Lambda instance are counted in Redis rather than failing over while the socket opens.
   */
  ready: Promise<void>;
  /** Closes the connection; pending commands finish first. */
  close(): Promise<void>;
}

/**
 * A `RateLimitStore` shared by every instance that points at the same Redis: counters live in
 * Redis, one EVALSHA per counted request (after a single SCRIPT LOAD). Commands fail fast while the
 * connection is down (no offline queue), so core's fallback store can switch to per-instance
 * counting at once; the client reconnects in the background, and the fallback store notices when
 * Redis answers again.
 *
 * @example
 * const store = createRedisStore({ url: process.env.GAMEDATA_REDIS_URL! });
 * const app = createApp({ dataset, rateLimitStore: store });
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const prefix = options.prefix ?? 'gamedata:rl:';
  const connectTimeoutMs = options.connectTimeoutMs ?? 1000;
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Keep trying, but never more often than every 2 s: the fallback store serves meanwhile.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  // Without a listener, an 'error' event would crash the process; the client reconnects by itself.
  client.on('error', (error: Error) => options.onError?.(error));
  const connecting = client.connect().catch(() => undefined);

  // The server names the script by its SHA-1 once; after that each request sends only the SHA.
  let scriptSha: Promise<string> | undefined;
  const loadScript = () =>
    (scriptSha ??= client
      .sendCommand<string>(['SCRIPT', 'LOAD', CONSUME_SCRIPT])
      .catch((error: unknown) => {
        scriptSha = undefined;
        throw error;
      }));

  async function run(key: string, cost: number, expiresAt: number): Promise<number> {
    const args = ['1', `${prefix}${key}`, String(cost), String(Math.ceil(expiresAt))];
    try {
      return await client.sendCommand<number>(['EVALSHA', await loadScript(), ...args]);
    } catch (error) {
      // A restarted server (or SCRIPT FLUSH) forgot the script: EVAL sends it, which caches it again.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.sendCommand<number>(['EVAL', CONSUME_SCRIPT, ...args]);
    }
  }

  const ready = Promise.race([
    connecting
      .then(() => loadScript())
      .then(
        () => undefined,
        () => undefined,
      ),
    new Promise<void>((resolve) => setTimeout(resolve, connectTimeoutMs).unref()),
  ]);

  return {
    ready,
    consume: (key, cost, expiresAt) => run(key, cost, expiresAt),
    async close() {
      // A client still trying to (re)connect has nothing to flush: stop it outright.
      if (client.isReady) await client.close();
      else client.destroy();
    },
  };
}
