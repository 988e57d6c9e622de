import { ApiError, toErrorBody } from '../errors.js';
import type { ErrorCode } from '../schemas/records.js';
import { ALLOWED_METHODS, applyCorsHeaders, NO_STORE } from './headers.js';

/**
 * The contract's error response for requests an adapter must refuse before the app can see them: a
 * `CONNECT`, headers too large, a request line the HTTP parser rejects. Same body and CORS as the app's
 * own errors, `no-store`, and not counted against any limit (the client could not be identified).
 *
 * @example buildErrorResponse('method_not_allowed', 'Method CONNECT is not allowed.', dataset.meta.version)
 */
export function buildErrorResponse(code: ErrorCode, message: string, datasetVersion: string, status?: number): Response {
  const error = new ApiError(code, message);
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': NO_STORE,
    'x-dataset-version': datasetVersion,
  });
  applyCorsHeaders(headers);
  if (code === 'method_not_allowed') headers.set('allow', ALLOWED_METHODS);
  return new Response(JSON.stringify(toErrorBody(error)), { status: status ?? error.status, headers });
}
