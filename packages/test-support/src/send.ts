import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { GameDataApp } from '@gamedata/core';

/** What a test sees of a response, whichever way it travelled. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  json<T = unknown>(): T;
}

export interface Outgoing {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Over a socket: the address to connect from (any 127.x.y.z is this host), on a connection of its own. */
  localAddress?: string;
}

/**
 * Sends a request and reads the whole reply: in-process through `app.fetch`, or over a socket.
 * `target` names what answers (a server's address, an app), for what is kept per server.
 */
export type Send = ((request: Outgoing) => Promise<Reply>) & { readonly target?: string };

const appIds = new WeakMap<GameDataApp, string>();
const appId = (app: GameDataApp) => {
  let id = appIds.get(app);
  if (id === undefined) appIds.set(app, (id = `app ${Math.random().toString(36).slice(2)}`));
  return id;
};

async function toReply(response: Response): Promise<Reply> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return {
    status: response.status,
    headers: response.headers,
    text,
    bytes,
    json: () => JSON.parse(text),
  };
}

/** In-process: the app's own fetch, with the client address an adapter would pass. */
export function sendInProcess(app: GameDataApp, clientIp = '203.0.113.7'): Send {
  const send = async ({ method = 'GET', path, headers }: Outgoing) =>
    toReply(
      await app.fetch(
        new Request(`http://api.test${path}`, { method, headers, redirect: 'manual' }),
        { clientIp },
      ),
    );
  return Object.assign(send, { target: appId(app) });
}

function replyOf(status: number, rawHeaders: string[], bytes: Uint8Array): Reply {
  const headers = new Headers();
  for (let i = 0; i < rawHeaders.length; i += 2)
    headers.append(rawHeaders[i] as string, rawHeaders[i + 1] as string);
  const text = new TextDecoder().decode(bytes);
  return { status, headers, text, bytes, json: () => JSON.parse(text) };
}

/**
 * Over a real socket to a running server, with node:http rather than fetch: the target exactly as
 * written (a URL would resolve `..` and turn `\\` into `/` before sending), exactly the headers given
 * (fetch would add Accept-Encoding), and the body as it was sent (fetch would decompress it).
 */
export function sendOverHttp(baseUrl: string): Send {
  const { hostname, port } = new URL(baseUrl);
  const send = ({ method = 'GET', path, headers = {}, localAddress }: Outgoing) =>
    new Promise<Reply>((resolve, reject) => {
      const from = localAddress ? { localAddress, agent: false } : {};
      const outgoing = request({ hostname, port, path, method, headers, ...from }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve(
            replyOf(
              incoming.statusCode ?? 0,
              incoming.rawHeaders,
              new Uint8Array(Buffer.concat(chunks)),
            ),
          ),
        );
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  return Object.assign(send, { target: baseUrl });
}

/**
 * The reply with its body decompressed when it came in a content coding (br or gzip), as a client
 * that asked for one reads it; a reply without a coding is returned as it is.
 */
export function decodeReply(reply: Reply): Reply {
  const coding = reply.headers.get('content-encoding');
  if (coding === null || reply.bytes.length === 0) return reply;
  if (coding !== 'br' && coding !== 'gzip')
    throw new Error(`unexpected content-encoding: ${coding}`);
  const bytes = new Uint8Array(
    coding === 'br' ? brotliDecompressSync(reply.bytes) : gunzipSync(reply.bytes),
  );
  const text = new TextDecoder().decode(bytes);
  return { ...reply, text, bytes, json: () => JSON.parse(text) };
}
