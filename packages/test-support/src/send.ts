import type { Hono } from 'hono';
import type { AppEnv } from '@gamedata/core';

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
}

/** Sends a request and reads the whole reply: in-process through `app.fetch`, or over a socket. */
export type Send = (request: Outgoing) => Promise<Reply>;

async function toReply(response: Response): Promise<Reply> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: response.status, headers: response.headers, text, bytes, json: () => JSON.parse(text) };
}

/** In-process: the app's own fetch, with the client address an adapter would pass. */
export function sendInProcess(app: Hono<AppEnv>, clientIp = '203.0.113.7'): Send {
  return async ({ method = 'GET', path, headers }) =>
    toReply(await app.fetch(new Request(`http://api.test${path}`, { method, headers, redirect: 'manual' }), { clientIp }));
}

/** Over a real socket to a running server. */
export function sendOverHttp(baseUrl: string): Send {
  return async ({ method = 'GET', path, headers }) =>
    toReply(await fetch(`${baseUrl}${path}`, { method, headers, redirect: 'manual' }));
}
