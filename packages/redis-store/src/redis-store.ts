import { createHash } from 'node:crypto';
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

/** A rate-limit store on Redis, plus what an adapter needs to shut it down cleanly. */
export interface RedisStore extends RateLimitStore {
  /** Closes the connection; pending commands finish first. */
  close(): Promise<void>;
}

const SCRIPT_SHA = createHash('sha1').update(CONSUME_SCRIPT).digest('hex');

/**
 * A `RateLimitStore` shared by every instance that points at the same Redis: counters live in
 * Redis, one EVALSHA per counted request. Commands fail fast while the connection is down (no
 * offline queue), so core's fallback store can switch to per-instance counting immediately; the
 * client reconnects in the background and the fallback store notices when it answers again.
 *
 * @example
 * const store = createRedisStore({ url: process.env.GAMEDATA_REDIS_URL! });
 * const app = createApp({ dataset, rateLimitStore: store });
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const prefix = options.prefix ?? 'gamedata:rl:';
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 1000,
      // Keep trying, but never more often than every 2 s: the fallback store serves meanwhile.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  // Without a listener, an 'error' event would crash the process; the client reconnects by itself.
  client.on('error', (error: Error) => options.onError?.(error));
  const connecting = client.connect().catch(() => undefined);

  async function run(key: string, cost: number, expiresAt: number): Promise<number> {
    const args = ['1', `${prefix}${key}`, String(cost), String(Math.ceil(expiresAt))];
    try {
      return await client.sendCommand<number>(['EVALSHA', SCRIPT_SHA, ...args]);
    } catch (error) {
      // First use on this server (or after SCRIPT FLUSH): send the script itself, which caches it.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.sendCommand<number>(['EVAL', CONSUME_SCRIPT, ...args]);
    }
  }

  return {
    consume: (key, cost, expiresAt) => run(key, cost, expiresAt),
    async close() {
      await connecting;
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  };
}
