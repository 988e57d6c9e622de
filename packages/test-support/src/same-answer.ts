import { expect } from 'vitest';
import type { Reply } from './send.js';

/**
 * Headers that may differ between two correct answers: per-request ids and clocks, counters of two
 * separate rate limiters, and connection framing that a server or an AWS service adds and the app's
 * own answer does not have.
 */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const comparableHeaders = (reply: Reply) => [...reply.headers].filter(([name]) => !VOLATILE_HEADERS.has(name));

type ErrorBody = { error: { code: string } };

export interface SameAnswerOptions {
  /**
   * The request reached the adapter changed in a way no handler can see (an HTTP API decodes the path
   * first), so only the status and the error code must agree, not which error (its message, so its etag).
   */
  errorCodeOnly?: boolean;
}

/**
 * Fails unless an adapter's `reply` is the `reference` answer (core's app answering in-process): same
 * status, same headers but the volatile ones, byte-identical body. This is how both adapters are held
 * to answer every request alike.
 */
export function expectSameAnswer(reply: Reply, reference: Reply, options: SameAnswerOptions = {}): void {
  expect(reply.status).toBe(reference.status);
  if (options.errorCodeOnly) {
    expect(reply.json<ErrorBody>().error.code).toBe(reference.json<ErrorBody>().error.code);
    return;
  }
  expect(comparableHeaders(reply)).toEqual(comparableHeaders(reference));
  expect(Buffer.from(reply.bytes).equals(Buffer.from(reference.bytes))).toBe(true);
}
