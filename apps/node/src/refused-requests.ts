import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import {
  headersTooLarge,
  isToken,
  malformedRequest,
  methodNotAllowed,
  requestTimeout,
  type ApiError,
  type GameDataApp,
  type RefusedRequest,
} from '@gamedata/core/runtime';

/** Writes a whole answer onto a raw socket and closes it: for requests Node never hands to the app. */
async function writeAndClose(socket: Socket, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  if (!socket.writable) return void socket.destroy();
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of answer.headers) lines.push(`${name}: ${value}`);
  lines.push('connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
}

/**
 * Why Node's parser gave up on a request, in the contract's words: a request too slow to arrive and
 * headers too large are `bad_request`, sent as 408 and 431. Node's parser knows only the methods it
 * was built with; any other well-formed one is still just a method this API does not allow (405), as
 * on every other runtime.
 */
function refusalOf(
  error: NodeJS.ErrnoException,
  method: string | undefined,
  timeoutMessage: string,
): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout(timeoutMessage);
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return headersTooLarge('Request headers (or the URL) are larger than 16 KB.');
  return method ? methodNotAllowed(method) : malformedRequest();
}

/** The method of a request line the parser refused for its method alone. */
function unknownMethod(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): string | undefined {
  if (error.code !== 'HPE_INVALID_METHOD') return undefined;
  const line = error.rawPacket?.toString('latin1') ?? '';
  const method = line.slice(0, Math.max(0, line.indexOf(' ')));
  return isToken(method) ? method : undefined;
}

export interface RefusalContext {
  /** The app serving now, which answers, counts and logs refusals like any other request. */
  app(): GameDataApp;
  /** The client behind a socket (no forwarding header has been read). */
  clientIp(socket: Socket): string;
  /** The 408's message: the deadlines a request missed. */
  timeoutMessage: string;
}

/**
 * Node's HTTP server answers some requests itself, before the app sees them: `CONNECT` (dropped
 * without an answer), a request too slow to arrive (a bare 408), headers over its 16 KB limit (a bare
 * 431) and request lines its parser refuses (a bare 400). Give them to the app instead, which answers
 * with the contract's error body, CORS and a request id, counts them and logs them. A connection that
 * never sent a byte is closed without an answer: there was no request, and a browser's unused
 * preconnect should not cost its user a request.
 */
export function answerRefusedRequests(server: Server, context: RefusalContext): void {
  const refuse = (socket: Socket, error: ApiError, request: Omit<RefusedRequest, 'clientIp'>) => {
    context
      .app()
      .refuse(error, { ...request, clientIp: context.clientIp(socket) })
      .then((answer) => writeAndClose(socket, answer))
      .catch(() => socket.destroy());
  };
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const method = request.method ?? 'CONNECT';
    refuse(socket, methodNotAllowed(method), {
      method,
      url: request.url ?? '*',
      headers: request.headers as Record<string, string>,
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesRead === 0)
      return void socket.destroy();
    const method = unknownMethod(error);
    refuse(socket, refusalOf(error, method, context.timeoutMessage), {
      method: method ?? '-',
      url: '*',
    });
  });
}
