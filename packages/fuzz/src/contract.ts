import { ApiError, ERROR_CODES, headersTooLarge, requestTimeout } from '@gamedata/core';
import { isDeepStrictEqual } from 'node:util';
import { withoutInstanceStart } from '@gamedata/test-support/same-answer';
import type { Reply } from '@gamedata/test-support/send';

/**
 * The error code each status carries, as core assigns them: each code's own status (spec §7), and the
 * 408 and 431 that are `bad_request` sent with HTTP's more precise status.
 */
const CODE_BY_STATUS: Record<number, string> = Object.fromEntries(
  [...ERROR_CODES.map((code) => new ApiError(code, '')), requestTimeout(''), headersTooLarge('')].map((error) => [error.status, error.code]),
);

/**
 * What every answer must be, whatever was asked, beyond what the OpenAPI document says of it: never a
 * 5xx; CORS, CORP, nosniff, a request id and the dataset version on every answer; no body for HEAD; and an
 * error body in the contract's shape with the code of its status.
 */
export function contractProblems(method: string, reply: Reply): string[] {
  const problems: string[] = [];
  if (reply.status >= 500 || reply.status < 200) problems.push(`status ${reply.status}`);
  if (reply.headers.get('access-control-allow-origin') !== '*') problems.push('no access-control-allow-origin: *');
  if (reply.headers.get('x-content-type-options') !== 'nosniff') problems.push('no x-content-type-options: nosniff');
  if (reply.headers.get('cross-origin-resource-policy') !== 'cross-origin') problems.push('no cross-origin-resource-policy: cross-origin');
  if (!reply.headers.get('x-request-id')) problems.push('no x-request-id');
  if (!reply.headers.get('x-dataset-version')) problems.push('no x-dataset-version');
  if (method === 'HEAD' && reply.bytes.length > 0) problems.push('a body on HEAD');
  if (reply.status >= 400 && method !== 'HEAD') {
    const code = CODE_BY_STATUS[reply.status];
    if (code === undefined) problems.push(`status ${reply.status} has no error code`);
    try {
      const body = reply.json<{ error?: { code?: unknown; message?: unknown } }>();
      if (body.error?.code !== code || typeof body.error?.message !== 'string') problems.push(`error body ${reply.text.slice(0, 120)} for ${reply.status}`);
    } catch {
      problems.push(`error body is not JSON: ${reply.text.slice(0, 120)}`);
    }
  }
  return problems;
}

/** Headers two adapters must agree on; ids, clocks, counters and framing may differ. */
const COMPARED_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'allow', 'vary', 'location', 'retry-after', 'x-dataset-version'];

/**
 * Where two adapters' answers to the same request differ: status, the headers above, or the (decoded)
 * body. An instance-bound answer (`/v1/status`, a 200 or its 304) names when each instance started: that, and
 * the etag that hashes it, may differ.
 */
export function disagreements(node: Reply, lambda: Reply, instanceBound = false): string[] {
  const found: string[] = [];
  if (node.status !== lambda.status) found.push(`status ${node.status} on Node, ${lambda.status} on Lambda`);
  for (const name of COMPARED_HEADERS) {
    const [a, b] = [node.headers.get(name), lambda.headers.get(name)];
    if (a !== b && !(instanceBound && name === 'etag')) found.push(`${name}: ${a} on Node, ${b} on Lambda`);
  }
  const sameBody = instanceBound
    ? isDeepStrictEqual(withoutInstanceStart(node), withoutInstanceStart(lambda))
    : Buffer.from(node.bytes).equals(Buffer.from(lambda.bytes));
  if (!sameBody) found.push(`body: ${node.text.slice(0, 80)} on Node, ${lambda.text.slice(0, 80)} on Lambda`);
  return found;
}
