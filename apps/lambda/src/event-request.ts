import { escapeDecodedPath } from './escape-path.js';
import { isAlbEvent, type HttpEvent } from './http-event.js';

type QueryValues = Record<string, string | undefined> | null | undefined;
type MultiQueryValues = Record<string, string[] | undefined> | null | undefined;

/** `name=value` pairs of a query given as objects, in order, repeats kept; encoded when they arrived decoded. */
function queryOf(
  single: QueryValues,
  multi: MultiQueryValues,
  encode: (text: string) => string,
): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (typeof value === 'string') pairs.push(`${encode(name)}=${encode(value)}`);
  };
  if (multi && typeof multi === 'object') {
    for (const [name, values] of Object.entries(multi))
      for (const value of Array.isArray(values) ? values : []) add(name, value);
  } else if (single && typeof single === 'object') {
    for (const [name, value] of Object.entries(single)) add(name, value);
  }
  return pairs.join('&');
}

/**
 * The request target as the client sent it, as nearly as each service lets it be rebuilt:
 * - payload 2.0 keeps the raw query string; HTTP APIs decode the path (function URLs do not), so a
 *   decoded `?` or `#` is escaped back (`escapeDecodedPath`);
 * - REST APIs pass the path as sent and the query decoded, so it is encoded again;
 * - ALB passes path and query as sent, the query split into pairs.
 */
function targetOf(event: HttpEvent): string {
  if ('rawPath' in event) {
    const query = typeof event.rawQueryString === 'string' ? event.rawQueryString : '';
    return escapeDecodedPath(event.rawPath) + (query ? `?${query}` : '');
  }
  const query = queryOf(
    event.queryStringParameters,
    event.multiValueQueryStringParameters,
    isAlbEvent(event) ? (text) => text : encodeURIComponent,
  );
  return event.path + (query ? `?${query}` : '');
}

/** The method, from wherever the event's payload keeps it. */
function methodOf(event: HttpEvent): string {
  return 'rawPath' in event ? event.requestContext.http.method : event.httpMethod;
}

/** What an event says of its request: the method, the target as the client sent it, and the headers. */
export interface EventRequest {
  method: string;
  /** Origin-form, as the client sent it as nearly as the service lets it be rebuilt (`targetOf`). */
  url: string;
  /** The event's headers by lower-case name (`readHeaders`). */
  headers: ReadonlyMap<string, string[]>;
}

/**
 * The request an event describes. Bodies are never read: every route is a GET, and a body
 * (well-formed base64 or not) changes no answer, as on Node.
 */
export function eventRequest(
  event: HttpEvent,
  headers: ReadonlyMap<string, string[]>,
): EventRequest {
  return { method: methodOf(event), url: targetOf(event), headers };
}
