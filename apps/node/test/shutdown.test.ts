import { Agent, get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { openSocket, readUntilClose } from './support/raw-http.js';
import { spawnServer } from './support/spawn.js';

type Outcome =
  { answered: true; closing: boolean } | { answered: false; error: string; reused: boolean };

/** One GET on the agent's connections: answered (and whether it said `connection: close`), or how it failed. */
function request(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = get(url, { agent, headers: { authorization: `Bearer ${TEST_KEY}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ answered: true, closing: res.headers.connection === 'close' }));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ answered: false, error: error.code ?? error.message, reused: req.reusedSocket }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ answered: false, error: error.code ?? error.message, reused: req.reusedSocket }),
    );
  });
}

describe('graceful shutdown', () => {
  it('loses no request on 32 busy keep-alive connections: every answer after SIGTERM says connection: close', async () => {
    const { path } = await writeTestKeyFile();
    const server = await spawnServer({ GAMEDATA_KEYS_FILE: path });
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    let answered = 0;
    /** Clients whose first request has an outcome: answered, their connection is kept alive. */
    let started = 0;
    const lost: string[] = [];
    let sawClose = 0;
    // Each client sends requests back to back on its kept-alive connection until told the connection
    // closes. A refused new connection is no loss: the request never left (a load balancer sends it
    // to another instance); a request sent on an open connection and never answered is.
    const client = async () => {
      for (let sent = 0; ; sent++) {
        const outcome = await request(`${server.url}/v1/items?limit=5`, agent);
        if (sent === 0) started++;
        if (!outcome.answered) {
          if (outcome.error !== 'ECONNREFUSED')
            lost.push(`${outcome.error}${outcome.reused ? ' on a kept-alive connection' : ''}`);
          return;
        }
        answered++;
        if (outcome.closing) return void sawClose++;
      }
    };
    const clients = Array.from({ length: 32 }, client);
    // SIGTERM once every connection is kept alive and busy: one the server has not accepted yet is
    // reset with its listener, a new connection it refuses, not a kept-alive one it drains.
    while (started < 32) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    expect(await server.exited).toBe(0);
    agent.destroy();
    expect(lost).toEqual([]);
    expect(sawClose).toBe(32);
    expect(answered).toBeGreaterThan(32);
    expect(Date.now() - signalledAt).toBeLessThan(3000);
  });

  it('does not let silent or half-sent connections hold the exit for the grace period', async () => {
    const server = await spawnServer({ GAMEDATA_SHUTDOWN_GRACE_MS: '20000' });
    const port = Number(new URL(server.url).port);
    const silent = await openSocket(port);
    const half = await openSocket(port);
    half.write('GET /v1/items HTTP/1.1\r\nHost: x\r\n');
    const closed = Promise.all([readUntilClose(silent), readUntilClose(half)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await closed;
    expect(Date.now() - signalledAt).toBeLessThan(3000);
  });
});
