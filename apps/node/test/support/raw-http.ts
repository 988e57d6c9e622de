import { connect, type Socket } from 'node:net';

/** A raw answer: status, lower-cased headers and the body's text. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Opens a TCP connection to the server, from `localAddress` when given (any 127.x.y.z is this host). */
export function openSocket(port: number, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) },
      () => resolve(socket),
    );
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes it, and how long that took from now. */
export function readUntilClose(socket: Socket): Promise<{ received: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve({ received, ms: Date.now() - started }));
  });
}

/** Sends raw bytes on a new connection and reads until the server closes it. */
export async function rawExchange(port: number, request: string): Promise<string> {
  const socket = await openSocket(port);
  socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  const closed = readUntilClose(socket);
  socket.write(request);
  return (await closed).received;
}

/** The first answer in raw bytes from the server; the body is the rest. */
export function parseRaw(raw: string): RawReply {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}
