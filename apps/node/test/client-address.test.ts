import { describe, expect, it } from 'vitest';
import { awayFromWindowEdge } from '@gamedata/test-support/clock';
import { spawnServer } from './support/spawn.js';

async function remainingAfter(
  url: string,
  headers: Record<string, string>,
): Promise<string | null> {
  return (await fetch(`${url}/v1/meta`, { headers })).headers.get('ratelimit-remaining');
}

describe('client address behind proxies', () => {
  it('without a trusted proxy, a spoofed X-Forwarded-For cannot dodge the limit', async () => {
    await awayFromWindowEdge();
    const server = await spawnServer();
    try {
      for (let i = 0; i < 60; i++) {
        const reply = await fetch(`${server.url}/v1/meta`, {
          headers: { 'x-forwarded-for': `198.51.100.${i}`, forwarded: `for=203.0.113.${i}` },
        });
        expect(reply.status).toBe(200);
      }
      const limited = await fetch(`${server.url}/v1/meta`, {
        headers: { 'x-forwarded-for': '192.0.2.200' },
      });
      expect(limited.status).toBe(429);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('with GAMEDATA_TRUST_PROXY, each forwarded client gets its own count, read through trusted hops only', async () => {
    await awayFromWindowEdge();
    const server = await spawnServer({ GAMEDATA_TRUST_PROXY: '127.0.0.1' });
    try {
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '198.51.100.1' })).toBe('59');
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '198.51.100.1' })).toBe('58');
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '198.51.100.2' })).toBe('59');
      // Only the hop 127.0.0.1 appended is believed; what the client wrote to its left is not.
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '6.6.6.6, 198.51.100.1' })).toBe(
        '57',
      );
      // IPv6 clients are counted per /64.
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '2001:db8:1:2::1' })).toBe('59');
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).toBe(
        '58',
      );
      expect(await remainingAfter(server.url, { 'x-forwarded-for': '2001:db8:1:3::1' })).toBe('59');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(server.output()).toContain('"client":"198.51.100.1"');
  });

  it('reads RFC 7239 Forwarded when configured to', async () => {
    await awayFromWindowEdge();
    const server = await spawnServer({
      GAMEDATA_TRUST_PROXY: '1',
      GAMEDATA_FORWARDED_HEADER: 'forwarded',
    });
    try {
      expect(
        await remainingAfter(server.url, {
          forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https',
        }),
      ).toBe('59');
      expect(await remainingAfter(server.url, { forwarded: 'for=192.0.2.60:8080' })).toBe('59');
      expect(await remainingAfter(server.url, { forwarded: 'for=192.0.2.60' })).toBe('58');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
