import { InvalidResponseError } from './errors.js';

const decoder = new TextDecoder();

/**
 * The body of a successful answer, checked to be what the API sends — JSON, or an image's bytes —
 * so that a captive portal's page or a cut-off body is an `InvalidResponseError` rather than a
 * `SyntaxError` or a broken image. An absent content type is let through (a test's `fetch` may
 * omit it); the body still has to parse.
 *
 * @example
 * const body = readBody(url, response, bytes, false); // parsed JSON, or throws InvalidResponseError
 */
export function readBody(
  url: string,
  { headers, status }: Response,
  bytes: Uint8Array,
  binary: boolean,
): unknown {
  const type = headers.get('content-type');
  const length = headers.get('content-length');
  const fail = (problem: string, cause?: unknown) =>
    new InvalidResponseError(
      `Not the API's answer (${problem}) from ${url}: a proxy or captive portal?`,
      {
        status,
        code: 'invalid_response',
        datasetVersion: headers.get('x-dataset-version') ?? undefined,
        requestId: headers.get('x-request-id') ?? undefined,
        cause,
      },
    );
  if (type && !(binary ? /^image\//i : /[/+]json\b/i).test(type))
    throw fail(`content-type ${type}`);
  if (binary) {
    // Images only: a JSON body may come compressed, content-length then counts the coded bytes, and a
    // browser hides content-encoding from a cross-origin script; a cut-off JSON body fails to parse.
    if (length && bytes.length < Number(length)) throw fail(`${bytes.length} of ${length} bytes`);
    return bytes;
  }
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch (error) {
    throw fail('the body is not JSON', error);
  }
}
