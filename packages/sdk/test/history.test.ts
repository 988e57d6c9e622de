import { createApp } from '@gamedata/core';
import { demoRelease } from '@gamedata/test-support/demo';
import { describe, expect, it } from 'vitest';
import { createClient, NotFoundError, type HistoryEntry, type Item } from '../src/index.js';
import { demo } from './support/fixtures.js';

// gd.history and gd.get with `at` against core's app in this process, serving the demo's releases.
const app = createApp({ dataset: demo, rateLimitStore: { consume: async () => 1 } });
const gd = createClient({
  baseUrl: 'http://api.test',
  fetch: (request) => app.fetch(request, { clientIp: '203.0.113.9' }),
  cache: false,
});
const older = await demoRelease('2026-11-21.1');

describe('a record history through the SDK', () => {
  it('gd.history gives every release that changed a record, newest first, typed', async () => {
    const entries: HistoryEntry[] = await gd.history('items', 'bronze-partisan');
    expect(entries.map(({ version, change }) => [version, change])).toEqual([
      ['2026-11-22.1', 'changed'],
      ['2026-11-20.1', 'added'],
    ]);
    expect(entries[0]?.fields[0]?.path).toBe('stats[mgt].value');
    const german = await gd.history('items', 'bronze-partisan', { lang: 'de' });
    expect(german.length).toBe(2);
    await expect(gd.history('items', 'no-such-item')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('gd.get and gd.items.get with `at` give the record as that release served it', async () => {
    const then: Item = await gd.get('items', 'bronze-partisan', { at: '2026-11-21.1' });
    expect(then).toEqual(older.lists.items.get('bronze-partisan'));
    expect(
      await gd.items.get('bronze-partisan', { at: '2026-11-21.1', fields: ['stats'] }),
    ).toEqual({
      id: 'bronze-partisan',
      name: then.name,
      rarity: then.rarity,
      rarityName: then.rarityName,
      stats: then.stats,
    });
    // Removed since: no record now, but as it was.
    const removed = 'gilded-visage';
    await expect(gd.items.get(removed)).rejects.toBeInstanceOf(NotFoundError);
    expect(await gd.items.get(removed, { at: '2026-11-21.1' })).toEqual(
      older.lists.items.get(removed),
    );
  });
});
