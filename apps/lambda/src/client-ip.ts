import { readHeader, type HttpEvent } from './http-event.js';
import { carriesOriginSecret, parseViewerAddress, type OriginSecret } from './origin-secret.js';

/** What the access log and the rate limiter see when an event names no client at all. */
const UNKNOWN = 'unknown';

/** The address AWS itself recorded for the connection it received; never a header the client wrote. */
function readConnectionIp(event: HttpEvent): string | undefined {
  const context: unknown = event.requestContext;
  if (typeof context !== 'object' || context === null) return undefined;
  // HTTP APIs and function URLs (payload 2.0): the source IP of the TCP connection to API Gateway or
  // the function URL (API Gateway Developer Guide, "payload format version 2.0": requestContext.http.sourceIp).
  if ('http' in context)
    return stringOrUndefined((context.http as { sourceIp?: unknown } | undefined)?.sourceIp);
  // REST APIs, and HTTP APIs on payload 1.0 (API Gateway Developer Guide, "$context.identity.sourceIp").
  if ('identity' in context)
    return stringOrUndefined((context.identity as { sourceIp?: unknown } | undefined)?.sourceIp);
  // ALB passes no source IP of its own; in its default `append` mode it adds the address that
  // connected to it as the last X-Forwarded-For entry, after anything the client sent (Elastic Load
  // Balancing User Guide, "X-Forwarded-For": routing.http.xff_header_processing.mode).
  if (!('elb' in context)) return undefined;
  const forwarded = readHeader(event, 'x-forwarded-for');
  return forwarded?.split(',').pop()?.trim() || undefined;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The client's IP for rate limits and the access log. It comes from what AWS measured; client-sent
 * forwarding headers are ignored. Behind CloudFront the measured address is a CloudFront edge server,
 * so when `origin` is configured and the request carries its secret, the viewer's address from
 * `CloudFront-Viewer-Address` is used instead.
 *
 * @example resolveClientIp(event) // '198.51.100.23'
 */
export function resolveClientIp(event: HttpEvent, origin?: OriginSecret): string {
  if (origin && carriesOriginSecret(readHeader(event, origin.header), origin.secret)) {
    const viewer = parseViewerAddress(readHeader(event, 'cloudfront-viewer-address'));
    if (viewer) return viewer;
  }
  return readConnectionIp(event) || UNKNOWN;
}
