import type { Answer } from './event-result.js';

/**
 * The most a synchronous invocation may return: 6 MB, the response payload the function's JSON
 * result is (Lambda, "Invoke": "For synchronous invocations, the maximum payload size is 6 MB").
 * API Gateway and function URLs (buffered) pass through what Lambda returns.
 */
export const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;

/**
 * The most an Application Load Balancer takes from a Lambda target: "the maximum size of the response
 * JSON that the Lambda function can send is 1 MB" (ELB, "Lambda functions as targets"). 10^6, the
 * smaller reading of "1 MB".
 */
export const ALB_RESPONSE_LIMIT = 1_000_000;

/** What a result adds to its body: the JSON around it, its status and its headers, generously. */
const RESULT_OVERHEAD = 1024;
/** The most a byte grows to in a JSON string: a control character becomes `\u00XX`. */
const WORST_ESCAPE = 6;

/** The length of the body as the result carries it: base64 for a binary body, a JSON string for text. */
function bodyPayloadBytes(body: Uint8Array, binary: boolean, room: number): number {
  if (binary) return 4 * Math.ceil(body.byteLength / 3);
  // Escaping only lengthens a body: one over the room as it is is over it escaped, and one that stays
  // under it however it escapes needs no look. Only in between is the escaped length worked out.
  if (body.byteLength > room) return body.byteLength;
  if (body.byteLength * WORST_ESCAPE <= room) return body.byteLength * WORST_ESCAPE;
  return Buffer.byteLength(
    JSON.stringify(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')),
  );
}

/** What a header takes in the result at most: quotes, separators, a multi-value list's brackets, an escaped quote or two. */
const HEADER_OVERHEAD = 16;

/**
 * Whether an answer, written out as the function's result, stays within `limit` bytes: the body as it
 * is carried (base64 when `binary`), its headers, and room for the rest of the result. Never an
 * underestimate, so an answer it lets through never fails the invocation.
 */
export function fitsResponse(answer: Answer, binary: boolean, limit: number): boolean {
  const headers = Object.entries(answer.headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + HEADER_OVERHEAD,
    0,
  );
  const room = limit - RESULT_OVERHEAD - headers;
  return answer.body === null || bodyPayloadBytes(answer.body, binary, room) <= room;
}
