import { describe, expect, it } from 'vitest';
import { servableHistory, type StoredReleaseChange } from './stored-history.js';

const none = { added: [], changed: [], removed: [] };
const sprites = none;

/** An entry as a release published before `quests` existed stored it. */
const before: StoredReleaseChange = {
  version: '2026-12-02.1',
  published: '2026-12-02T08:00:00Z',
  collections: { items: { ...none, changed: ['ember-blade'] }, retired: none, stats: none },
  sprites,
  translations: { de: { collections: { items: none }, rarities: true } },
} as unknown as StoredReleaseChange;

describe('servableHistory: the collections of each entry', () => {
  it('lists each served collection, one an entry lacks as unchanged, and none the server does not serve', () => {
    const names = ['items', 'quests', 'stats'];
    const { changes } = servableHistory({ base: '2026-12-01.1', changes: [before] }, names);
    const [entry] = changes;
    expect(entry?.collections).toEqual({
      items: { ...none, changed: ['ember-blade'] },
      quests: none,
      stats: none,
    });
    expect(entry?.translations.de).toEqual({
      collections: { items: none, quests: none, stats: none },
      rarities: true,
    });
    // Each filled entry has arrays of its own.
    const filled = entry?.collections as Record<string, { added: string[] }>;
    expect(filled.quests!.added).not.toBe(filled.stats!.added);
  });
});
