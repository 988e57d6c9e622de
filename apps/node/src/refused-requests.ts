import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, methodNotAllowed, refusalAnswer, type Refusal } from '@gamedata/core';

/** Writes a whole answer onto a raw socket and closes it: for requests Node never hands to the app. */
function writeAndClose(socket: Duplex, answer: Refusal): void {
  if (!socket.writable) return void socket.destroy();
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
  lines.push('connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), answer.body]));
}

/**
 * Node's HTTP server answers some requests itself, before the app sees them: `CONNECT` (dropped
 * without an answer), headers over its 16 KB limit (a bare 431) and request lines its parser refuses
 * (a bare 400). Give them the contract's JSON error body and CORS headers instead.
 */
export function answerRefusedRequests(server: Server, datasetVersion: () => string): void {
  server.on('connect', (request, socket: Duplex) => {
    writeAndClose(socket, refusalAnswer(methodNotAllowed(request.method ?? 'CONNECT'), datasetVersion()));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const message = tooLarge ? 'Request headers (or the URL) are too large.' : 'Malformed HTTP request.';
    writeAndClose(socket, refusalAnswer(new ApiError('bad_request', message), datasetVersion(), tooLarge ? 431 : 400));
  });
}
