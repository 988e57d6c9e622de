import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@gamedata/core';
import { spawnServer } from './support/spawn.js';

const CACHE_BYTES = 4 * 1024 * 1024;
const MIB = 1024 * 1024;

/** The resident memory of a process, from Linux's own account of it. */
function residentBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
}

describe('the answer cache of the real server', () => {
  it('stays within its byte budget under 2,000 distinct 200-item pages, from crafted cursors and ids= sets', async () => {
    // Each client address its own, so the limits let every request through.
    const server = await spawnServer({
      GAMEDATA_CACHE_BYTES: String(CACHE_BYTES),
      GAMEDATA_TRUST_PROXY: '1',
    });
    try {
      const ids: string[] = [];
      let cursor: string | undefined;
      let first: string | undefined;
      do {
        const page = (await (
          await fetch(`${server.url}/v1/items?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
        ).json()) as { data: Array<{ id: string }>; meta: { cursor?: string } };
        ids.push(...page.data.map((item) => item.id));
        cursor = page.meta.cursor;
        first ??= cursor;
      } while (cursor);
      // A page no cache has seen, of the largest size: a cursor crafted to start after each record in
      // turn (checksummed as the server would, so it is accepted), then a different set of 200 ids.
      const position = decodeCursor(first ?? '');
      const distinctPage = async (n: number) => {
        const query =
          n < ids.length
            ? `cursor=${encodeCursor({ ...position, after: ids[n] as string })}`
            : `ids=${Array.from({ length: 200 }, (_, k) => ids[(n * 7919 + k * 104_729) % ids.length]).join(',')}`;
        const response = await fetch(`${server.url}/v1/items?limit=200&${query}`, {
          headers: { 'x-forwarded-for': `10.${(n >> 8) & 255}.${n & 255}.1` },
        });
        await response.arrayBuffer();
        return response.status;
      };
      for (let n = 0; n < 100; n++) expect(await distinctPage(n)).toBe(200);
      const before = residentBytes(server.child.pid as number);
      for (let n = 100; n < 2100; n += 8) {
        const statuses = await Promise.all(
          Array.from({ length: 8 }, (_, j) => distinctPage(n + j)),
        );
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      const grown = residentBytes(server.child.pid as number) - before;
      // Unbounded by bytes, these pages grew the process by about 160 MB; the budget plus the
      // collector's slack is a fraction of that.
      expect(grown / MIB).toBeLessThan(80);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
