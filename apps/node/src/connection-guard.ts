import { Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** How many connections the server keeps open, and for how long it lets a client take to speak. */
export interface ConnectionLimits {
  /** Open connections in all; past it the oldest idle one is closed to let a new one in. */
  maxConnections: number;
  /** Open connections from one peer address (trusted proxies are exempt); same shedding. */
  maxConnectionsPerClient: number;
  /** From a connection's first byte (or its opening) until a request's headers are in; then 408. */
  headersTimeoutMs: number;
  /** Until a whole request is in; then 408. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** How long a socket may go without sending or receiving a byte (a client that stops reading). */
  idleTimeoutMs: number;
  /** After SIGTERM, how long in-flight requests get before every connection is cut. */
  shutdownGraceMs: number;
}

interface Connection {
  /** Requests on it being answered now; 0 while it waits for (or is sending) a request. */
  busy: number;
}

/** The open connections of one server: caps them, and closes them all on shutdown without dropping an answer. */
export interface ConnectionGuard {
  /** True once shutdown began: every answer from then on carries `connection: close`. */
  readonly draining: boolean;
  /**
   * Stops accepting, closes idle connections, lets busy ones finish their answer, and resolves once
   * every connection is closed — after `shutdownGraceMs` at most, when the rest are cut.
   */
  drain(): Promise<void>;
}

/**
 * How long idle connections stay open after shutdown begins: enough for a request already on its
 * way to arrive, never more than a second, so silent connections cannot hold the exit.
 */
function drainLingerMs(limits: ConnectionLimits): number {
  return Math.min(1000, limits.keepAliveTimeoutMs);
}

/** Closes the oldest connection among `sockets` that is not being answered; false when all are busy. */
function shedOldestIdle(sockets: Iterable<Socket>, connections: Map<Socket, Connection>): boolean {
  for (const socket of sockets) {
    if (connections.get(socket)?.busy === 0) {
      socket.destroy();
      return true;
    }
  }
  return false;
}

/**
 * Tracks every connection of `server` in the order it opened. A new connection past either cap
 * closes the oldest idle one (a silent socket, a half-sent request or a keep-alive one waiting), so
 * a flood of connections that never send a request cannot lock real clients out; when every one is
 * busy, the new one is refused instead.
 *
 * @param exempt peers not held to the per-client cap (trusted proxies carry many clients).
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  exempt: (address: string) => boolean,
): ConnectionGuard {
  const connections = new Map<Socket, Connection>();
  const byAddress = new Map<string, Set<Socket>>();
  let draining = false;

  /**
   * After shutdown began, closes an idle connection unless a request comes in on it within the drain
   * linger: its client may be sending one right now, and closing under it would lose that request.
   * A request that does come is answered with `connection: close`, which closes the connection.
   */
  const closeIfStillIdle = (socket: Socket, connection: Connection) => {
    setTimeout(() => {
      if (connection.busy === 0) socket.destroy();
    }, drainLingerMs(limits)).unref();
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    let peers = byAddress.get(address);
    const overClientCap =
      !exempt(address) && peers !== undefined && peers.size >= limits.maxConnectionsPerClient;
    if (draining || (overClientCap && !shedOldestIdle(peers ?? [], connections)))
      return void socket.destroy();
    if (
      connections.size >= limits.maxConnections &&
      !shedOldestIdle(connections.keys(), connections)
    )
      return void socket.destroy();
    if (!peers) byAddress.set(address, (peers = new Set()));
    peers.add(socket);
    connections.set(socket, { busy: 0 });
    socket.once('close', () => {
      connections.delete(socket);
      peers.delete(socket);
      if (peers.size === 0) byAddress.delete(address);
    });
  });

  server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.busy++;
    response.once('close', () => {
      connection.busy--;
      // An answer that began before shutdown went out keep-alive: its client gets the same moment as
      // an idle one to send its next request, which is answered with `connection: close`.
      if (draining && connection.busy === 0) closeIfStillIdle(request.socket, connection);
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
      return new Promise<void>((resolve) => {
        // net's close, not http's: http's would also stop the timer that enforces the header deadline,
        // and close idle connections before the requests already on their way in are read.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(cut);
          resolve();
        });
        const cut = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
        }, limits.shutdownGraceMs);
        cut.unref();
        for (const [socket, connection] of connections)
          if (connection.busy === 0) closeIfStillIdle(socket, connection);
      });
    },
  };
}
