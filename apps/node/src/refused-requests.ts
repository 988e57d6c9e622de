import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, buildErrorResponse, methodNotAllowed } from '@gamedata/core';

/** Writes a whole Response onto a raw socket and closes it: for requests Node never hands to the app. */
async function writeAndClose(socket: Duplex, response: Response): Promise<void> {
  if (!socket.writable) return void socket.destroy();
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
}

/**
 * Node's HTTP server answers some requests itself, before the app sees them: `CONNECT` (dropped
 * without an answer), headers over its 16 KB limit (a bare 431) and request lines its parser refuses
 * (a bare 400). Give them the contract's JSON error body and CORS headers instead.
 */
export function answerRefusedRequests(server: Server, datasetVersion: string): void {
  server.on('connect', (request, socket: Duplex) => {
    void writeAndClose(socket, buildErrorResponse(methodNotAllowed(request.method ?? 'CONNECT'), datasetVersion));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const message = tooLarge ? 'Request headers (or the URL) are too large.' : 'Malformed HTTP request.';
    void writeAndClose(socket, buildErrorResponse(new ApiError('bad_request', message), datasetVersion, tooLarge ? 431 : 400));
  });
}

/**
 * For requests @hono/node-server refuses while building the web Request (a backslash in the path, a
 * missing or invalid Host): the contract's 400 instead of an empty one.
 */
export function refusedRequestResponse(datasetVersion: string): (error: unknown) => Response {
  return (error) =>
    buildErrorResponse(new ApiError('bad_request', error instanceof Error ? `${error.message}.` : 'Malformed request.'), datasetVersion);
}
