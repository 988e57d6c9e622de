import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import {
  parseForwardedHeader,
  parseTrustProxy,
  type ForwardedHeader,
  type TrustProxy,
} from './client-address.js';
import { positiveInteger, releasesLocation } from '@gamedata/server-io/env';
import { readConnectionLimits } from './connection-limits.js';
import type { ConnectionLimits } from './connection-guard.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where releases are (`pnpm publish-dataset`): a directory or `s3://bucket/prefix`; its current release is served. */
  releasesDir: string;
  keysFile: string;
  /** Which proxies may name the client; nobody when absent. */
  trustProxy?: TrustProxy;
  /** Default `x-forwarded-for`. */
  forwardedHeader?: ForwardedHeader;
  /** Shared rate-limit counters; per-process memory when absent. */
  redisUrl?: string;
  redisPrefix?: string;
  /** The bound of the app's answer caches, in bytes (`GAMEDATA_CACHE_BYTES`); core's default when absent. */
  cacheBytes?: number;
  /** Deadlines and caps on connections; `readConnectionLimits`'s defaults when absent. */
  connections?: ConnectionLimits;
  /** Where Prometheus scrapes `/metrics` (`GAMEDATA_METRICS_PORT`, `GAMEDATA_METRICS_HOST`); no metrics when absent. */
  metrics?: { port: number; host: string };
}

/** The demo releases, found relative to this file so `pnpm start` works from any directory. */
export const DEMO_RELEASES_DIR = fileURLToPath(new URL('../../../releases', import.meta.url));

/** The demo export, which `pnpm publish-dataset` publishes when no other is named. */
export const DEMO_EXPORT_DIR = fileURLToPath(new URL('../../../dataset', import.meta.url));

/** The key file used when `GAMEDATA_KEYS_FILE` is not set: `keys.json` in the working directory. */
export const DEFAULT_KEYS_FILE = 'keys.json';

function parsePort(name: string, raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number (0 to 65535), got "${raw}"`);
  return port;
}

/**
 * The metrics endpoint, when `GAMEDATA_METRICS_PORT` is set: on a port of its own, never the public
 * one, so the figures (key ids among them) are for whoever can reach that port — by default only this
 * host.
 */
function readMetricsConfig(env: NodeJS.ProcessEnv, publicPort: number): ServerConfig['metrics'] {
  const raw = env.GAMEDATA_METRICS_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = parsePort('GAMEDATA_METRICS_PORT', raw);
  if (port !== 0 && port === publicPort)
    throw new Error(
      `GAMEDATA_METRICS_PORT must differ from PORT (${publicPort}): metrics are never served on the public port`,
    );
  return { port, host: env.GAMEDATA_METRICS_HOST || '127.0.0.1' };
}

/** Reads the adapter's configuration from the environment (README, "Configuration"). */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : parsePort('PORT', env.PORT);
  const metrics = readMetricsConfig(env, port);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    releasesDir: env.GAMEDATA_RELEASES_DIR
      ? releasesLocation('GAMEDATA_RELEASES_DIR', env.GAMEDATA_RELEASES_DIR)
      : DEMO_RELEASES_DIR,
    keysFile: resolve(env.GAMEDATA_KEYS_FILE || DEFAULT_KEYS_FILE),
    trustProxy: parseTrustProxy(env.GAMEDATA_TRUST_PROXY),
    forwardedHeader: parseForwardedHeader(env.GAMEDATA_FORWARDED_HEADER),
    ...(env.GAMEDATA_REDIS_URL ? { redisUrl: env.GAMEDATA_REDIS_URL } : {}),
    ...(env.GAMEDATA_REDIS_PREFIX ? { redisPrefix: env.GAMEDATA_REDIS_PREFIX } : {}),
    ...(env.GAMEDATA_CACHE_BYTES
      ? { cacheBytes: positiveInteger(env, 'GAMEDATA_CACHE_BYTES', 0) }
      : {}),
    connections: readConnectionLimits(env),
    ...(metrics ? { metrics } : {}),
  };
}
