import type { Context } from 'aws-lambda';
import {
  ApiError,
  isToken,
  malformedRequest,
  methodNotAllowed,
  refusalAnswer,
  RefusedTarget,
  requestUrl,
  toApiError,
  unreadableTarget,
  type AppBindings,
  type GameDataApp,
} from '@gamedata/core/runtime';
import { resolveClientIp } from './client-ip.js';
import { eventRequest, type EventRequest } from './event-request.js';
import { eventResult, readAnswer } from './event-result.js';
import type { EdgeConfig } from './edge-config.js';
import { fitAnswer, goesToEdge } from './fit-answer.js';
import {
  describeEvent,
  isAlbEvent,
  isHttpEvent,
  readHeader,
  readHeaders,
  type HttpEvent,
  type HttpResult,
} from './http-event.js';
import { carriesOriginSecret, type OriginSecret } from './origin-secret.js';
import { ALB_RESPONSE_LIMIT, LAMBDA_RESPONSE_LIMIT } from './response-limit.js';

export type LambdaHandler = (event: unknown, context: Context) => Promise<HttpResult>;

export interface HandlerOptions {
  /** The version of the dataset the app serves, for answers made without it. */
  datasetVersion: string;
  /** The language of the records of the dataset the app serves (`dataset.language`): a bulk file in another has a copy of its own at the edge. */
  datasetLanguage: string;
  /** Where an invocation that is not an HTTP event is reported, in one line. */
  log(entry: Record<string, unknown>): void;
  /** Where a failure of the app itself, which should never happen, is reported. */
  logError(message: string, error: unknown): void;
  /** Trust CloudFront's viewer address on requests that carry this secret. */
  originSecret?: OriginSecret;
  /**
   * Where the release's files are served besides the function (`readEdgeConfig`): bulk files, and
   * anything too large to return that is there, are answered with a redirect to them (`fitAnswer`).
   */
  edge?: EdgeConfig;
  /** The most a result may take, in bytes, for every event: by default what the event's service accepts. */
  responseLimit?: number;
}

/** A request target's path and its query (without `?`, `''` for none). */
function splitTarget(target: string): [path: string, query: string] {
  const mark = target.indexOf('?');
  return mark === -1 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
}

/**
 * Where the event's client finds the release's files: on the host it asked, when it came through a
 * CloudFront that serves them (it carries the origin secret), as a path; otherwise at the edge URL,
 * when there is one.
 */
function edgeBaseOf(event: HttpEvent, options: HandlerOptions): string | undefined {
  const secret = options.originSecret;
  if (
    options.edge?.cloudFrontServesFiles &&
    secret &&
    carriesOriginSecret(readHeader(event, secret.header), secret.secret)
  )
    return '';
  return options.edge?.edgeUrl;
}

/** The most a result may take for the service that sent the event: an ALB takes less than Lambda returns. */
function responseLimitOf(event: HttpEvent): number {
  return isAlbEvent(event) ? ALB_RESPONSE_LIMIT : LAMBDA_RESPONSE_LIMIT;
}

/** No header value holds CR, LF or NUL (RFC 9110 §5.5), and every name is a token: what an HTTP parser would refuse. */
const BAD_VALUE = /[\r\n\0]/;

function headersWellFormed(headers: ReadonlyMap<string, string[]>): boolean {
  for (const [name, values] of headers)
    if (!isToken(name) || values.some((value) => BAD_VALUE.test(value))) return false;
  return true;
}

const NOT_HTTP = new ApiError(
  'bad_request',
  'This function answers HTTP requests only: API Gateway, function URL and load balancer events.',
);

/** Methods a fetch `Request` forbids (Fetch standard, "forbidden method"). */
const FORBIDDEN_METHOD = /^(?:connect|trace|track)$/i;
/** Methods a fetch `Request` upper-cases (Fetch standard, "normalize a method"). */
const NORMALISED_METHOD = /^(?:delete|get|head|options|post|put)$/i;

/** A method a fetch `Request` cannot carry as it came; the app refuses it (405) without one. */
function noRequestCarries(method: string): boolean {
  return (
    FORBIDDEN_METHOD.test(method) ||
    (NORMALISED_METHOD.test(method) && method !== method.toUpperCase())
  );
}

/**
 * Why the app must refuse a request before it can be a fetch `Request`, as an HTTP parser and
 * @hono/node-server refuse it on Node: a header or method that is not HTTP, a method no route serves
 * (some, such as TRACE or CONNECT, no `Request` may carry), a target or Host that does not parse.
 * Otherwise the target the app is given, normalised as a URL parser would.
 */
function readTarget(request: EventRequest): ApiError | string {
  if (!headersWellFormed(request.headers) || !isToken(request.method)) return malformedRequest();
  if (noRequestCarries(request.method)) return methodNotAllowed(request.method);
  try {
    return requestUrl(request.url, request.headers.get('host')?.join(', '));
  } catch (error) {
    if (!(error instanceof RefusedTarget)) throw error;
    return unreadableTarget(request.method, error.message);
  }
}

/** The event's headers as fetch `Headers`; only called once they are known to be well-formed. */
function fetchHeaders(request: EventRequest): Headers {
  const headers = new Headers();
  for (const [name, values] of request.headers)
    for (const value of values) headers.append(name, value);
  return headers;
}

/** The fetch `Request` the app is given: the target on a fixed origin (the app reads path and query), and the headers. */
function fetchRequest(request: EventRequest, target: string): Request {
  return new Request(`http://lambda.invalid${target}`, {
    method: request.method,
    headers: fetchHeaders(request),
  });
}

/**
 * The Lambda handler over core's app. It reads the request out of the event itself (REST, HTTP API or
 * function URL, ALB), hands it to the app as a fetch `Request`, and writes the answer back in the
 * event's shape: PNG and compressed bodies base64-encoded, JSON and HTML as text, `multiValueHeaders`
 * where the event came with them. Lambda's request id names the request in `x-request-id` and the
 * access log, as it does in Lambda's own log lines.
 *
 * It never throws: an invocation that is not an HTTP event is logged in one line and answered with the
 * contract's error body, a request that cannot be a `Request` is refused by the app, and every HTTP
 * answer is the app's — JSON with CORS, never a runtime's `text/plain`. Nor does it fail on size: an
 * answer larger than the service takes back is a redirect to its copy at the edge, or a clear error
 * (`fitAnswer`); with an edge, bulk files are always redirected there.
 *
 * @example export const handler = createHandler(createApp({ dataset }), { datasetVersion, datasetLanguage, log, logError });
 */
export function createHandler(app: GameDataApp, options: HandlerOptions): LambdaHandler {
  return async (event, context) => {
    const requestId = context?.awsRequestId;
    if (!isHttpEvent(event)) {
      options.log({
        msg: 'not an HTTP event; answered 400',
        event: describeEvent(event),
        ...(requestId ? { requestId } : {}),
      });
      return eventResult(undefined, refusalAnswer(NOT_HTTP, options.datasetVersion), 'GET');
    }
    const request = eventRequest(event, readHeaders(event));
    const env: AppBindings = { clientIp: resolveClientIp(event, options.originSecret) };
    if (requestId) env.requestId = requestId;
    try {
      const target = readTarget(request);
      const response =
        typeof target === 'string'
          ? await app.fetch(fetchRequest(request, target), env)
          : await app.refuse(target, {
              method: request.method,
              url: request.url,
              ...env,
              ...(headersWellFormed(request.headers) ? { headers: fetchHeaders(request) } : {}),
            });
      const [path = '', query = ''] = typeof target === 'string' ? splitTarget(target) : [];
      const edgeBase = edgeBaseOf(event, options);
      // A file sent to the edge is not read here: its bytes never pass through the function.
      const bodyless = goesToEdge(response.status, path, edgeBase);
      if (bodyless) await response.body?.cancel();
      const read = bodyless
        ? { status: response.status, headers: Object.fromEntries(response.headers), body: null }
        : await readAnswer(response);
      const answer = fitAnswer(read, {
        method: request.method,
        path,
        query,
        datasetLanguage: options.datasetLanguage,
        edgeBase,
        limit: options.responseLimit ?? responseLimitOf(event),
        log: options.log,
      });
      return eventResult(event, answer, request.method);
    } catch (error) {
      options.logError('request failed', error);
      return eventResult(
        event,
        refusalAnswer(toApiError(error), options.datasetVersion),
        request.method,
      );
    }
  };
}
