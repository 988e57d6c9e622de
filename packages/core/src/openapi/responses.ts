import type { Dataset } from '../dataset/dataset.js';
import { buildBadRequestExample } from './examples.js';
import { HEADER_SETS } from './headers.js';
import { refTo, type Json } from './refs.js';

const JSON_TYPE = 'application/json';

/** A JSON response of the given schema component, optionally with one named example. */
export function jsonResponse(
  description: string,
  schema: string,
  headers: Json,
  example?: Json,
): Json {
  return {
    description,
    headers,
    content: {
      [JSON_TYPE]: {
        schema: refTo('schemas', schema),
        ...(example ? { examples: { [exampleName(example)]: example } } : {}),
      },
    },
  };
}

/** A stable example key from its request line: `GET /v1/items?limit=1` → `items-limit-1`. */
function exampleName(example: Json): string {
  return (
    String(example.summary)
      .replace(/^GET \/(v1\/)?/, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/-$/, '') || 'example'
  );
}

const errorResponse = (description: string, headers: Json, example?: Json) =>
  jsonResponse(description, 'Error', headers, example);

/**
 * `components.responses`: the answers every operation shares. Errors carry the same policy headers
 * as successes (README, "Choices the contract leaves open", Headers and CORS rows): 304, 400, 404,
 * 405 and 429 alike.
 */
export function buildResponseComponents(dataset: Dataset): Record<string, Json> {
  return {
    NotModified: {
      description:
        'If-None-Match matched the current etag (RFC 9110 §13.1.2): no body; reuse your copy.',
      headers: HEADER_SETS.json,
    },
    StatusNotModified: {
      description: "If-None-Match matched the status's etag: nothing changed; reuse your copy.",
      headers: HEADER_SETS.status,
    },
    ImageNotModified: {
      description: "If-None-Match matched the artwork's etag: no body; reuse your copy.",
      headers: HEADER_SETS.image,
    },
    BulkNotModified: {
      description: "If-None-Match matched the bulk file's etag: no body; reuse your copy.",
      headers: HEADER_SETS.bulk,
    },
    DatabaseNotModified: {
      description: "If-None-Match matched the SQLite file's etag: no body; reuse your copy.",
      headers: HEADER_SETS.database,
    },
    DocsNotModified: {
      description: "If-None-Match matched the page's etag: no body; reuse your copy.",
      headers: HEADER_SETS.docs,
    },
    BadRequest: errorResponse(
      'Malformed limit, cursor or filter value, a `lang` the dataset does not have, or a parameter given twice (code `bad_request`). The message says what to fix.',
      HEADER_SETS.error,
      buildBadRequestExample(dataset),
    ),
    NotFound: errorResponse(
      'No record or sprite with that id, or no such path (code `not_found`).',
      HEADER_SETS.error,
    ),
    MethodNotAllowed: errorResponse(
      'Any method other than GET, HEAD and OPTIONS (code `method_not_allowed`); `allow` lists the methods.',
      HEADER_SETS.methodNotAllowed,
    ),
    RateLimited: errorResponse(
      'Rate limit exceeded (code `rate_limited`): wait `retry-after` seconds before retrying. Never cached.',
      HEADER_SETS.rateLimited,
    ),
    RequestTimeout: errorResponse(
      'The request line and headers did not arrive in time (code `bad_request`; the status says why): 10 s for the headers, 30 s for the whole request by default. Sent where the connection still allows an answer, which closes it. Never cached.',
      HEADER_SETS.failed,
    ),
    HeadersTooLarge: errorResponse(
      'The headers, or the URL, are larger than 16 KB (code `bad_request`; the status says why). The connection is closed. Never cached.',
      HEADER_SETS.failed,
    ),
    Internal: errorResponse(
      'The server failed (code `internal`); no details are disclosed. Never cached; retry later. When the failure stopped the answer from being built, only CORS, `x-dataset-version` and `cache-control` come with the body.',
      HEADER_SETS.internal,
    ),
    Preflight: {
      description:
        'CORS preflight (Fetch standard, CORS protocol): the methods and request headers a browser app may use. Not counted against any rate limit.',
      headers: HEADER_SETS.preflight,
    },
  };
}

/**
 * Responses every GET operation can give besides its own: a 304 to a conditional request, 405, 408
 * and 431 (the request could not be read), 429, 500.
 */
export function commonResponses(
  notModified:
    | 'NotModified'
    | 'StatusNotModified'
    | 'ImageNotModified'
    | 'BulkNotModified'
    | 'DatabaseNotModified'
    | 'DocsNotModified'
    | undefined,
): Json {
  return {
    ...(notModified ? { '304': refTo('responses', notModified) } : {}),
    '405': refTo('responses', 'MethodNotAllowed'),
    '408': refTo('responses', 'RequestTimeout'),
    '429': refTo('responses', 'RateLimited'),
    '431': refTo('responses', 'HeadersTooLarge'),
    '500': refTo('responses', 'Internal'),
  };
}
