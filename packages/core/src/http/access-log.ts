import type { Context } from 'hono';
import { redactKey } from './api-key.js';
import type { AppEnv } from './app-env.js';

/** One structured access-log line. Never holds an API key: the path is redacted and keys appear by id. */
export type AccessLogEntry = {
  msg: 'request';
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  tier?: string;
  keyId?: string;
  client?: string;
};

/**
 * The access-log line of an answered request, from what the middleware recorded on its context.
 *
 * @example log(accessLogEntry(c, response.status, performance.now() - started))
 */
export function accessLogEntry(c: Context<AppEnv>, status: number, elapsedMs: number): AccessLogEntry {
  const target = c.get('target');
  const rate = c.get('rate');
  const keyId = c.get('keyId');
  const entry: AccessLogEntry = {
    msg: 'request',
    requestId: c.get('requestId'),
    method: c.req.method,
    path: redactKey(target.path + target.search),
    status,
    durationMs: Math.round(elapsedMs * 100) / 100,
  };
  // Set one by one: conditional spreads would make a slow dictionary object of every line.
  if (rate) entry.tier = rate.tier;
  if (keyId) entry.keyId = keyId;
  if (c.env?.clientIp) entry.client = c.env.clientIp;
  return entry;
}
