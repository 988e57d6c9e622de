import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * Listens on `host` and `port` (0: a free port); resolves with the URL the server answers on, an IPv6
 * host in brackets.
 */
export async function listen(
  server: Server,
  address: { port: number; host: string },
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `http://${host}:${port}`;
}
