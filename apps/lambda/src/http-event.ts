import type {
  ALBEvent,
  ALBResult,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';

/**
 * The events this handler answers: API Gateway REST APIs (payload 1.0), HTTP APIs and Lambda function
 * URLs (payload 2.0, the same shape), and Application Load Balancers.
 */
export type HttpEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2 | ALBEvent;

/** What the handler returns for each of them. */
export type HttpResult = APIGatewayProxyResult | APIGatewayProxyStructuredResultV2 | ALBResult;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an invocation is an HTTP request at all, and in which payload: 2.0 names its method in
 * `requestContext.http` and its path in `rawPath`; 1.0 (REST) and ALB carry `httpMethod` and `path`.
 * Anything else — a scheduled warmer, an SQS batch, a test event, `null` — is not one. Only what the
 * handler reads is checked; the rest of an event may be missing.
 */
export function isHttpEvent(event: unknown): event is HttpEvent {
  if (!isObject(event)) return false;
  if (event.version === '2.0') {
    const http = isObject(event.requestContext) ? event.requestContext.http : undefined;
    return isObject(http) && typeof http.method === 'string' && typeof event.rawPath === 'string';
  }
  return typeof event.httpMethod === 'string' && typeof event.path === 'string';
}

/** Whether an event came from an Application Load Balancer, which differs in its query and its result. */
export function isAlbEvent(event: HttpEvent): boolean {
  return isObject(event.requestContext) && 'elb' in event.requestContext;
}

/** What kind of event an invocation that is not HTTP was, for its log line: an AWS source name where it has one. */
export function describeEvent(event: unknown): string {
  if (!isObject(event)) return event === null ? 'null' : typeof event;
  if (typeof event.source === 'string') return event.source;
  const record =
    Array.isArray(event.Records) && isObject(event.Records[0]) ? event.Records[0] : undefined;
  const source = record?.eventSource ?? record?.EventSource;
  return typeof source === 'string' ? source : 'an object that is not an HTTP event';
}

const PAST_ASCII = /[\u0080-\uffff]/;
const utf8 = new TextEncoder();

/**
 * A header value as the Node adapter reads the same request. AWS's services hand the function the
 * text that the bytes the client sent encode as UTF-8; Node's HTTP parser reads each of those bytes
 * as one Latin-1 character. A value past ASCII is therefore encoded back to its bytes and read one
 * character a byte: both adapters then see, and answer, the same value, and no character is left
 * that a fetch `Headers` refuses (past U+00FF). A lone surrogate, which no UTF-8 encodes, becomes
 * U+FFFD's bytes, as a UTF-8 decoder would have made of bytes that are not UTF-8.
 */
function asNodeReadsIt(value: string): string {
  return PAST_ASCII.test(value) ? Buffer.from(utf8.encode(value)).toString('latin1') : value;
}

/**
 * Every request header's values, by lower-case name, whatever the event's shape, read as the Node
 * adapter reads them (`asNodeReadsIt`). REST APIs keep the client's header case; events with
 * `multiValueHeaders` (REST, and ALB with multi-value headers on) are read from there, as it holds
 * every value. Values that are not strings, which no AWS service sends, are left out.
 */
export function readHeaders(event: HttpEvent): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (typeof value === 'string') headers.set(name.toLowerCase(), [asNodeReadsIt(value)]);
  const multi =
    'multiValueHeaders' in event && isObject(event.multiValueHeaders)
      ? event.multiValueHeaders
      : {};
  for (const [name, values] of Object.entries(multi)) {
    const strings = Array.isArray(values)
      ? values.filter((v): v is string => typeof v === 'string').map(asNodeReadsIt)
      : [];
    if (strings.length > 0) headers.set(name.toLowerCase(), strings);
  }
  return headers;
}

/** The last value of a request header, whatever the event's shape (see `readHeaders`). */
export function readHeader(event: HttpEvent, name: string): string | undefined {
  return readHeaders(event).get(name.toLowerCase())?.at(-1);
}
