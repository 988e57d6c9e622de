import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedResponse } from './batched-response.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server of batched responses; `handle` answers each request. */
async function serve(handle: (response: BatchedResponse) => void): Promise<string> {
  server = createServer({ ServerResponse: BatchedResponse }, (_request, response) =>
    handle(response),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('BatchedResponse', () => {
  it('ends after the round of I/O it was ended in, with what end was given and its callback', async () => {
    const seen: string[] = [];
    const url = await serve((response) => {
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('c2VudA==', 'base64', () => seen.push('callback'));
      seen.push(`after end: ${response.writableEnded}`);
      setImmediate(() => seen.push(`next check phase: ${response.writableEnded}`));
    });
    const answer = await fetch(url);
    expect(await answer.text()).toBe('sent');
    expect(seen.filter((event) => event !== 'callback')).toEqual([
      'after end: false',
      'next check phase: true',
    ]);
    expect(seen).toContain('callback');
  });

  it('writes the answers ended in one round only after the round, each to its own client', async () => {
    const waiting: BatchedResponse[] = [];
    const written: number[] = [];
    const url = await serve((response) => {
      waiting.push(response);
      if (waiting.length < 2) return;
      // Both requests are in: end both in this turn, and look at their sockets before it is over.
      const sockets = waiting.map((held) => held.socket!);
      for (const held of waiting) held.end(`answer to ${held.req.url}`);
      written.push(...sockets.map((socket) => socket.bytesWritten));
      setImmediate(() => written.push(...sockets.map((socket) => socket.bytesWritten)));
    });
    const answers = await Promise.all(
      ['/a', '/b'].map(async (path) => (await fetch(`${url}${path}`)).text()),
    );
    expect(answers).toEqual(['answer to /a', 'answer to /b']);
    expect(written.slice(0, 2)).toEqual([0, 0]);
    expect(written.slice(2).every((bytes) => bytes > 0)).toBe(true);
  });
});
