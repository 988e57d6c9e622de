import { ServerResponse, type IncomingMessage } from 'node:http';

const endNow = ServerResponse.prototype.end;

/** Responses ended in this round of the event loop, each with the arguments of its `end` call. */
let ending: Array<[ServerResponse, unknown[]]> = [];

/** Ends every response that was ended since the last flush, in the order their `end` was called. */
function flush(): void {
  const batch = ending;
  ending = [];
  for (const [response, args] of batch) Reflect.apply(endNow, response, args);
}

/**
 * A response whose `end()` is carried out once the event loop has made the answers of every request
 * that arrived with it (in the loop's check phase, right after the round of I/O), so a busy server
 * writes a round's answers to their sockets back to back. Written one by one between requests, each
 * answer found its client (a proxy, a load balancer) asleep and woke it on its own — on a virtual
 * machine an interrupt between CPUs that the host must carry, much of what the write cost.
 * Under load a round holds dozens of requests and its answers now go out together, each still in one
 * write, and a client woken by the first finds the rest waiting; `pnpm bench` shows the difference.
 * An idle server flushes at once, as the check phase follows the round of I/O without waiting.
 *
 * Until the flush the response is not yet ended (`writableEnded` is false), as if the handler had
 * answered a moment later; what `end` was given, and its callback, are passed on unchanged.
 */
export class BatchedResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  override end(cb?: () => void): this;
  override end(chunk: unknown, cb?: () => void): this;
  override end(chunk: unknown, encoding: BufferEncoding, cb?: () => void): this;
  override end(...args: unknown[]): this {
    if (ending.length === 0) setImmediate(flush);
    ending.push([this, args]);
    return this;
  }
}
