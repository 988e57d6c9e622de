import type { Context } from 'aws-lambda';
import { Hono } from 'hono/quick';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import type { App } from '@gamedata/core/runtime';
import { resolveClientIp } from './client-ip.js';
import { escapeDecodedPath } from './escape-path.js';
import type { HttpEvent, HttpResult } from './http-event.js';
import type { OriginSecret } from './origin-secret.js';

type EdgeEnv = { Bindings: { event: HttpEvent; lambdaContext?: Context } };

export type LambdaHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

function withEscapedPath(event: HttpEvent): HttpEvent {
  if ('rawPath' in event) {
    const rawPath = escapeDecodedPath(event.rawPath);
    return rawPath === event.rawPath ? event : { ...event, rawPath };
  }
  const path = escapeDecodedPath(event.path);
  return path === event.path ? event : { ...event, path };
}

/**
 * The Lambda handler over core's app. hono's aws-lambda adapter picks the event's shape (REST, HTTP API
 * or function URL, ALB), builds the Request, and writes the Response back in that shape: PNG bodies
 * base64-encoded with `isBase64Encoded`, JSON and HTML as text, `multiValueHeaders` where the event
 * came with them. A one-route app in between only hands core the client's IP, which the adapter does
 * not work out, and Lambda's request id, which then names the request in `x-request-id` and the
 * access log as it does in Lambda's own log lines.
 *
 * @example export const handler = createHandler(createApp({ dataset }));
 */
export function createHandler(app: App, originSecret?: OriginSecret): LambdaHandler {
  const edge = new Hono<EdgeEnv>();
  edge.all('*', (c) => {
    const requestId = c.env.lambdaContext?.awsRequestId;
    return app.fetch(c.req.raw, { clientIp: resolveClientIp(c.env.event, originSecret), ...(requestId ? { requestId } : {}) });
  });
  const answer = handle(edge);
  // hono declares its own copies of the AWS event and result types; the shapes are AWS's either way.
  return (event, context) => answer(withEscapedPath(event) as LambdaEvent, context) as Promise<HttpResult>;
}
