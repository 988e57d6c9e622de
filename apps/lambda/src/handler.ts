import type { Context } from 'aws-lambda';
import { ApiError, isToken, malformedRequest, refusalAnswer, toApiError, type App } from '@gamedata/core/runtime';
import { resolveClientIp } from './client-ip.js';
import { eventRequest } from './event-request.js';
import { eventResult } from './event-result.js';
import { describeEvent, isHttpEvent, readHeaders, type HttpResult } from './http-event.js';
import type { OriginSecret } from './origin-secret.js';

export type LambdaHandler = (event: unknown, context: Context) => Promise<HttpResult>;

export interface HandlerOptions {
  /** The version of the dataset the app serves, for answers made without it. */
  datasetVersion: string;
  /** Where an invocation that is not an HTTP event is reported, in one line. */
  log(entry: Record<string, unknown>): void;
  /** Where a failure of the app itself, which should never happen, is reported. */
  logError(message: string, error: unknown): void;
  /** Trust CloudFront's viewer address on requests that carry this secret. */
  originSecret?: OriginSecret;
}

/** No header value holds CR, LF or NUL (RFC 9110 §5.5), and every name is a token: what an HTTP parser would refuse. */
const BAD_VALUE = /[\r\n\0]/;

function headersWellFormed(headers: ReadonlyMap<string, string[]>): boolean {
  for (const [name, values] of headers) if (!isToken(name) || values.some((value) => BAD_VALUE.test(value))) return false;
  return true;
}

const NOT_HTTP = new ApiError('bad_request', 'This function answers HTTP requests only: API Gateway, function URL and load balancer events.');

/**
 * The Lambda handler over core's app. It reads the request out of the event itself (REST, HTTP API or
 * function URL, ALB), hands it to the app exactly as the Node adapter hands a parsed request, and
 * writes the answer back in the event's shape: PNG and compressed bodies base64-encoded, JSON and
 * HTML as text, `multiValueHeaders` where the event came with them. Lambda's request id names the
 * request in `x-request-id` and the access log, as it does in Lambda's own log lines.
 *
 * It never throws: an invocation that is not an HTTP event is logged in one line and answered with the
 * contract's error body, and every HTTP answer is the app's — JSON with CORS, never a runtime's
 * `text/plain`.
 *
 * @example export const handler = createHandler(createApp({ dataset }), { datasetVersion, log, logError });
 */
export function createHandler(app: App, options: HandlerOptions): LambdaHandler {
  return async (event, context) => {
    const requestId = context?.awsRequestId;
    if (!isHttpEvent(event)) {
      options.log({ msg: 'not an HTTP event; answered 400', event: describeEvent(event), ...(requestId ? { requestId } : {}) });
      return eventResult(undefined, refusalAnswer(NOT_HTTP, options.datasetVersion), 'GET');
    }
    // Read once: the request's header lookups and the well-formedness check share them.
    const headers = readHeaders(event);
    const request = eventRequest(event, headers, resolveClientIp(event, options.originSecret), requestId);
    try {
      const answer = headersWellFormed(headers) ? app.answer(request) : app.refuse(malformedRequest(), request);
      return eventResult(event, await answer, request.method);
    } catch (error) {
      options.logError('request failed', error);
      return eventResult(event, refusalAnswer(toApiError(error), options.datasetVersion), request.method);
    }
  };
}
