import type { ALBEvent, APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../../src/http-event.js';
import type { Outgoing, Reply } from '@gamedata/test-support/send';

/**
 * Real-shaped Lambda events, written the way each AWS service writes them for a request a client sent
 * — including where the services differ (payload formats, header case, which parts arrive decoded) —
 * and the results read back the way the service would turn them into an HTTP response.
 */
export type EventKind = 'http-api' | 'rest-api' | 'function-url' | 'alb';

export const EVENT_KINDS: ReadonlyArray<{ kind: EventKind; label: string }> = [
  { kind: 'http-api', label: 'API Gateway HTTP API (payload 2.0)' },
  { kind: 'rest-api', label: 'API Gateway REST API (payload 1.0)' },
  { kind: 'function-url', label: 'Lambda function URL' },
  { kind: 'alb', label: 'Application Load Balancer (multi-value headers)' },
];

export interface ClientRequest extends Outgoing {
  /** The address the client connected from. */
  sourceIp: string;
}

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';
const API_ID = 'a1b2c3d4e5';
const URL_ID = 'abcdefghijklmnopqrstuvwxyz0123';
const USER_AGENT = 'gamedata-tests/1.0';
const TRACE_ID = 'Root=1-673f9a2c-0b5c2d3e4f5a6b7c8d9e0f1a';
const REQUEST_TIME = { text: '20/Nov/2026:09:30:00 +0000', epoch: 1795253400000 };

/** Splits what the client sent into path and query string, both exactly as they were on the wire. */
function splitTarget(target: string): { path: string; query: string } {
  const at = target.indexOf('?');
  return at === -1
    ? { path: target, query: '' }
    : { path: target.slice(0, at), query: target.slice(at + 1) };
}

/** Query parameters decoded as a server would (`+` is a space), in order, repeats kept. */
function decodedPairs(query: string): Array<[string, string]> {
  return [...new URLSearchParams(query)];
}

/** Query parameters split but not decoded: what ALB passes on (it does not decode them). */
function rawPairs(query: string): Array<[string, string]> {
  if (query === '') return [];
  return query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
  });
}

function groupPairs(pairs: Array<[string, string]>): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const [key, value] of pairs) (grouped[key] ??= []).push(value);
  return grouped;
}

/** Percent-decodes what decodes and leaves malformed escapes alone, as a lenient proxy does. */
function percentDecode(text: string): string {
  return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * A header value as AWS's services put it in an event: the text its bytes encode as UTF-8 (bytes
 * that are not UTF-8 as U+FFFD). Values are given as they go on the wire, a byte a character.
 */
function decodedHeader(value: string): string {
  return /[\u0080-\uffff]/.test(value)
    ? new TextDecoder().decode(Buffer.from(value, 'latin1'))
    : value;
}

/** X-Forwarded-For as AWS forwards it: what the client sent, then the address it connected from. */
function forwardedFor(request: ClientRequest): string {
  const sent = Object.entries(request.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'x-forwarded-for',
  )?.[1];
  return sent ? `${decodedHeader(sent)}, ${request.sourceIp}` : request.sourceIp;
}

function clientHeaders(request: ClientRequest, lowerCase: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() !== 'x-forwarded-for')
      headers[lowerCase ? name.toLowerCase() : name] = decodedHeader(value);
  }
  return headers;
}

/**
 * Payload 2.0, as HTTP APIs and function URLs send it: lower-case headers, repeated query parameters
 * comma-joined in `queryStringParameters`, the raw query string in `rawQueryString`.
 */
function payloadV2(
  request: ClientRequest,
  domainName: string,
  domainPrefix: string,
  rawPath: string,
  extraHeaders: Record<string, string>,
): APIGatewayProxyEventV2 {
  const { query } = splitTarget(request.path);
  const method = request.method ?? 'GET';
  const params = Object.entries(groupPairs(decodedPairs(query))).map(([key, values]) => [
    key,
    values.join(','),
  ]);
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: query,
    headers: {
      accept: '*/*',
      'content-length': '0',
      host: domainName,
      'user-agent': USER_AGENT,
      'x-amzn-trace-id': TRACE_ID,
      'x-forwarded-for': forwardedFor(request),
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...extraHeaders,
      ...clientHeaders(request, true),
    },
    ...(params.length > 0 ? { queryStringParameters: Object.fromEntries(params) } : {}),
    requestContext: {
      accountId: domainName.includes('.lambda-url.') ? 'anonymous' : ACCOUNT,
      apiId: domainPrefix,
      domainName,
      domainPrefix,
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: USER_AGENT,
      },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: REQUEST_TIME.text,
      timeEpoch: REQUEST_TIME.epoch,
    },
    isBase64Encoded: false,
  };
}

/**
 * HTTP APIs hand Lambda the path percent-decoded (`/a%2Fb` arrives as `/a/b`) and cut it at a decoded
 * `?`; function URLs keep it as sent.
 */
function httpApiEvent(request: ClientRequest): APIGatewayProxyEventV2 {
  const decoded = percentDecode(splitTarget(request.path).path).split('?')[0] as string;
  return payloadV2(request, `${API_ID}.execute-api.${REGION}.amazonaws.com`, API_ID, decoded, {});
}

function functionUrlEvent(request: ClientRequest): APIGatewayProxyEventV2 {
  const extra = {
    'x-amzn-tls-cipher-suite': 'TLS_AES_128_GCM_SHA256',
    'x-amzn-tls-version': 'TLSv1.3',
  };
  return payloadV2(
    request,
    `${URL_ID}.lambda-url.${REGION}.on.aws`,
    URL_ID,
    splitTarget(request.path).path,
    extra,
  );
}

/**
 * Payload 1.0 from an edge-optimized REST API with a `{proxy+}` resource (and `/` for the root): the
 * client's header case, `multiValueHeaders` beside `headers`, query parameters decoded (last value
 * wins in `queryStringParameters`), the path as sent, and CloudFront's headers in front.
 */
function restApiEvent(request: ClientRequest): APIGatewayProxyEvent {
  const { path, query } = splitTarget(request.path);
  const method = request.method ?? 'GET';
  const domainName = `${API_ID}.execute-api.${REGION}.amazonaws.com`;
  const headers: Record<string, string> = {
    Accept: '*/*',
    'CloudFront-Forwarded-Proto': 'https',
    'CloudFront-Is-Desktop-Viewer': 'true',
    'CloudFront-Is-Mobile-Viewer': 'false',
    'CloudFront-Viewer-Country': 'IE',
    Host: domainName,
    'User-Agent': USER_AGENT,
    Via: '2.0 a3650115c5e21e2b5d133ce84464bea3.cloudfront.net (CloudFront)',
    'X-Amz-Cf-Id': 'nBsWBOrSHMgnaROZJK1wGCZ9PcRcSpq_oSXZNQwQ10OTZL4cimZo3g==',
    'X-Amzn-Trace-Id': TRACE_ID,
    'X-Forwarded-For': `${forwardedFor(request)}, 130.176.0.101`,
    'X-Forwarded-Port': '443',
    'X-Forwarded-Proto': 'https',
    ...clientHeaders(request, false),
  };
  const pairs = decodedPairs(query);
  const resource = path === '/' ? '/' : '/{proxy+}';
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, [value]]),
    ),
    queryStringParameters: pairs.length > 0 ? Object.fromEntries(pairs) : null,
    multiValueQueryStringParameters: pairs.length > 0 ? groupPairs(pairs) : null,
    pathParameters: resource === '/' ? null : { proxy: percentDecode(path.slice(1)) },
    stageVariables: null,
    requestContext: {
      accountId: ACCOUNT,
      apiId: API_ID,
      authorizer: undefined,
      domainName,
      domainPrefix: API_ID,
      extendedRequestId: 'BQGojGkyjoEFYxg=',
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent: USER_AGENT,
        userArn: null,
      },
      path: `/prod${path}`,
      protocol: 'HTTP/1.1',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTime: REQUEST_TIME.text,
      requestTimeEpoch: REQUEST_TIME.epoch,
      resourceId: 'x1y2z3',
      resourcePath: resource,
      stage: 'prod',
    },
    body: null,
    isBase64Encoded: false,
  };
}

/**
 * An ALB target group with multi-value headers on: lower-case header names, everything in
 * `multiValueHeaders` and `multiValueQueryStringParameters`, query parameters not decoded, and the
 * connecting address appended to X-Forwarded-For. With `multiValue: false` it is the default target
 * group instead: single `headers` and `queryStringParameters` (the last value of a repeated parameter).
 */
export function albEvent(request: ClientRequest, multiValue = true): ALBEvent {
  const { path, query } = splitTarget(request.path);
  const headers: Record<string, string> = {
    accept: '*/*',
    host: 'gamedata-alb-1234567890.eu-west-1.elb.amazonaws.com',
    'user-agent': USER_AGENT,
    'x-amzn-trace-id': TRACE_ID,
    'x-forwarded-for': forwardedFor(request),
    'x-forwarded-port': '443',
    'x-forwarded-proto': 'https',
    ...clientHeaders(request, true),
  };
  const pairs = rawPairs(query);
  const shared = {
    requestContext: {
      elb: {
        targetGroupArn: `arn:aws:elasticloadbalancing:${REGION}:${ACCOUNT}:targetgroup/gamedata/49e9d65c45c6791a`,
      },
    },
    httpMethod: request.method ?? 'GET',
    path,
    body: '',
    isBase64Encoded: false,
  };
  return multiValue
    ? {
        ...shared,
        multiValueHeaders: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, [value]]),
        ),
        multiValueQueryStringParameters: groupPairs(pairs),
      }
    : { ...shared, headers, queryStringParameters: Object.fromEntries(pairs) };
}

/** The event the given AWS service would send for this request. */
export function toEvent(kind: EventKind, request: ClientRequest): HttpEvent {
  switch (kind) {
    case 'http-api':
      return httpApiEvent(request);
    case 'function-url':
      return functionUrlEvent(request);
    case 'rest-api':
      return restApiEvent(request);
    case 'alb':
      return albEvent(request);
  }
}

/** The HTTP response the service builds from a handler's result: headers, cookies, decoded body. */
export function toReply(result: HttpResult): Reply {
  const headers = new Headers();
  for (const [name, values] of Object.entries(
    ('multiValueHeaders' in result ? result.multiValueHeaders : undefined) ?? {},
  )) {
    for (const value of values) headers.append(name, String(value));
  }
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (!headers.has(name)) headers.set(name, String(value));
  }
  for (const cookie of ('cookies' in result ? result.cookies : undefined) ?? [])
    headers.append('set-cookie', cookie);
  const body = result.body ?? '';
  const bytes = new Uint8Array(Buffer.from(body, result.isBase64Encoded ? 'base64' : 'utf8'));
  const text = new TextDecoder().decode(bytes);
  return { status: result.statusCode ?? 200, headers, text, bytes, json: () => JSON.parse(text) };
}
