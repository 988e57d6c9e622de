import { STATUS_CODES } from 'node:http';
import { isAlbEvent, type HttpEvent, type HttpResult } from './http-event.js';

/** An answer read whole: its status, its headers by lower-case name, and its body's bytes. */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | null;
}

/**
 * The app's `Response`, read whole. Lambda takes the body as one string, so nothing is gained by
 * streaming it.
 */
export async function readAnswer(response: Response): Promise<Answer> {
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

/** Media types sent as text: `text/*`, JSON, and the XML and JSON formats named by suffix (RFC 6839), Atom among them. */
const TEXT_TYPE = /^(?:text\/|application\/(?:json|[\w.-]+\+(?:json|xml))(?:;|$))/;

/** Bodies sent base64-encoded: compressed ones and images. JSON, HTML, the Atom feed and answers without a body are text. */
export function isBinary(headers: Answer['headers']): boolean {
  if (headers['content-encoding']) return true;
  const type = headers['content-type'];
  return type !== undefined && !TEXT_TYPE.test(type);
}

/**
 * An answer in the shape the event's service reads back. Payload 2.0 takes plain headers. An event
 * that came with `multiValueHeaders` (REST, ALB with multi-value headers on) is answered with them —
 * ALB requires the result to match its target group's setting — and ALB wants a status line too. A
 * HEAD gets the GET's headers, `content-length` included, and no body.
 */
export function eventResult(
  event: HttpEvent | undefined,
  answer: Answer,
  method: string,
): HttpResult {
  const body = answer.body === null || method === 'HEAD' ? undefined : answer.body;
  const text = !isBinary(answer.headers);
  const result = {
    statusCode: answer.status,
    body:
      body === undefined
        ? ''
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString(
            text ? 'utf8' : 'base64',
          ),
    isBase64Encoded: !text,
  };
  const multiValue =
    event !== undefined &&
    'multiValueHeaders' in event &&
    typeof event.multiValueHeaders === 'object' &&
    event.multiValueHeaders !== null;
  const headers = multiValue
    ? {
        multiValueHeaders: Object.fromEntries(
          Object.entries(answer.headers).map(([name, value]) => [name, [value]]),
        ),
      }
    : { headers: { ...answer.headers } };
  return {
    ...result,
    ...headers,
    ...(event !== undefined && isAlbEvent(event)
      ? { statusDescription: `${answer.status} ${STATUS_CODES[answer.status] ?? ''}` }
      : {}),
  };
}
