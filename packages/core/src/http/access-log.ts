import { redactSecrets } from '../keys/redact.js';
import type { AppContext } from './app-env.js';
import { targetOf } from './request-context.js';

/** One structured access-log line. Never holds an API key: the path is redacted (`redactSecrets`) and keys appear by id. */
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
 * The access-log line of an answered request, from what the route policy kept on its context.
 *
 * @example log(accessLogEntry(c, 'GET', '203.0.113.9', response.status, performance.now() - started))
 */
export function accessLogEntry(
  c: AppContext,
  method: string,
  client: string | undefined,
  status: number,
  elapsedMs: number,
): AccessLogEntry {
  const target = targetOf(c);
  const entry: AccessLogEntry = {
    msg: 'request',
    requestId: c.get('requestId'),
    method,
    path: redactSecrets(target.path + target.search),
    status,
    durationMs: Math.round(elapsedMs * 100) / 100,
  };
  // Set one by one: conditional spreads would make a slow dictionary object of every line.
  const rate = c.get('rate');
  const keyId = c.get('keyId');
  if (rate) entry.tier = rate.tier;
  if (keyId) entry.keyId = keyId;
  if (client) entry.client = client;
  return entry;
}
