import { readFileSync } from 'node:fs';
import { positiveInteger } from '@gamedata/server-io/env';
import type { ConnectionLimits } from './connection-guard.js';

/** Descriptors kept back from the connection cap for what else the process opens: files, Redis, stdio. */
const RESERVED_DESCRIPTORS = 64;
/** The total cap when the descriptor limit cannot be read (not Linux), or when it is very high. */
const DEFAULT_MAX_CONNECTIONS = 10_000;

/**
 * The process's open-file limit (`ulimit -n`), read where Linux shows it; undefined elsewhere or when
 * unlimited.
 */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The default total cap: below the descriptor limit, so that the server sheds its own idle
 * connections before `accept` fails with EMFILE and nobody at all can connect.
 */
function defaultMaxConnections(): number {
  const limit = openFileLimit();
  return limit === undefined
    ? DEFAULT_MAX_CONNECTIONS
    : Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, limit - RESERVED_DESCRIPTORS));
}

/**
 * The connection limits from the environment (README, "Configuration"). The defaults suit a public
 * server of an API whose requests are a line and a few headers: ten seconds to send them is generous
 * on any network, and a client holding more than 128 connections is not a browser.
 */
export function readConnectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const headersTimeoutMs = positiveInteger(env, 'GAMEDATA_HEADERS_TIMEOUT_MS', 10_000);
  const requestTimeoutMs = positiveInteger(
    env,
    'GAMEDATA_REQUEST_TIMEOUT_MS',
    Math.max(30_000, headersTimeoutMs),
  );
  if (requestTimeoutMs < headersTimeoutMs)
    throw new Error('GAMEDATA_REQUEST_TIMEOUT_MS must be at least GAMEDATA_HEADERS_TIMEOUT_MS');
  return {
    maxConnections: positiveInteger(env, 'GAMEDATA_MAX_CONNECTIONS', defaultMaxConnections()),
    maxConnectionsPerClient: positiveInteger(env, 'GAMEDATA_MAX_CONNECTIONS_PER_CLIENT', 128),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveInteger(env, 'GAMEDATA_KEEP_ALIVE_TIMEOUT_MS', 5_000),
    idleTimeoutMs: positiveInteger(env, 'GAMEDATA_IDLE_TIMEOUT_MS', 30_000),
    shutdownGraceMs: positiveInteger(env, 'GAMEDATA_SHUTDOWN_GRACE_MS', 10_000),
  };
}
