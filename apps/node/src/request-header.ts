import type { IncomingMessage } from 'node:http';

/** A request header as one value: Node keeps a few (set-cookie) as lists, which are joined as fetch joins them. */
export function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
