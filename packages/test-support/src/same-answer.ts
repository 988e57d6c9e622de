import { expect } from 'vitest';
import type { Reply } from './send.js';

/**
 * Headers that may differ between two correct answers: per-request ids and clocks, counters of two
 * separate rate limiters, and connection framing that a server or an AWS service adds and the app's
 * own answer does not have.
 */
const VOLATILE_HEADERS = new Set([
  'date',
  'x-request-id',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

const comparableHeaders = (reply: Reply) =>
  [...reply.headers].filter(([name]) => !VOLATILE_HEADERS.has(name));

type ErrorBody = { error: { code: string } };

export interface SameAnswerOptions {
  /**
   * The request reached the adapter changed in a way no handler can see (an HTTP API decodes the path
   * first), so only the status and the error code must agree, not which error (its message, so its etag).
   */
  errorCodeOnly?: boolean;
  /**
   * The answer describes the instance that answered (`/v1/status`): two instances started at different
   * times, so their `data.started` — and with it the etag — differ, and nothing else may.
   */
  instanceBound?: boolean;
}

/**
 * An instance-bound answer's body (`/v1/status`, uncompressed) without what differs between two
 * instances, the time each started; `undefined` for an empty body (HEAD, 304).
 */
export function withoutInstanceStart(reply: Reply): unknown {
  return reply.bytes.length === 0
    ? undefined
    : { ...reply.json<{ data: Record<string, unknown> }>().data, started: undefined };
}

/** An instance-bound answer's headers but the etag that hashes its start, and its body without the start. */
const withoutInstance = (reply: Reply) => ({
  headers: comparableHeaders(reply).filter(([name]) => name !== 'etag'),
  body: withoutInstanceStart(reply),
});

/**
 * Fails unless an adapter's `reply` is the `reference` answer (core's app answering in-process): same
 * status, same headers but the volatile ones, byte-identical body. This is how both adapters are held
 * to answer every request alike.
 */
export function expectSameAnswer(
  reply: Reply,
  reference: Reply,
  options: SameAnswerOptions = {},
): void {
  expect(reply.status).toBe(reference.status);
  if (options.errorCodeOnly) {
    expect(reply.json<ErrorBody>().error.code).toBe(reference.json<ErrorBody>().error.code);
    return;
  }
  if (options.instanceBound) {
    expect(withoutInstance(reply)).toEqual(withoutInstance(reference));
    return;
  }
  expect(comparableHeaders(reply)).toEqual(comparableHeaders(reference));
  expect(Buffer.from(reply.bytes).equals(Buffer.from(reference.bytes))).toBe(true);
}
