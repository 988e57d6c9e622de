import { redactSecrets } from '../keys/redact.js';
import type { Exchange } from './exchange.js';

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
 * The access-log line of an answered request, from what the answer policy recorded on its exchange.
 *
 * @example log(accessLogEntry(exchange, answer.status, performance.now() - started))
 */
export function accessLogEntry(exchange: Exchange, status: number, elapsedMs: number): AccessLogEntry {
  const { target, rate, keyId } = exchange;
  const client = exchange.request.clientIp;
  const entry: AccessLogEntry = {
    msg: 'request',
    requestId: exchange.requestId,
    method: exchange.method,
    path: redactSecrets(target.path + target.search),
    status,
    durationMs: Math.round(elapsedMs * 100) / 100,
  };
  // Set one by one: conditional spreads would make a slow dictionary object of every line.
  if (rate) entry.tier = rate.tier;
  if (keyId) entry.keyId = keyId;
  if (client) entry.client = client;
  return entry;
}
