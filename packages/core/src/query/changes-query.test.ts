import { describe, expect, it } from 'vitest';
import { knownVersions, type ReleaseHistory } from '../dataset/release-history.js';
import { ApiError } from '../errors.js';
import type { CollectionChanges, ReleaseChange } from '../schemas/records.js';
import { changesSince } from './changes-query.js';

const none: CollectionChanges = { added: [], changed: [], removed: [] };
const release = (
  version: string,
  added: string[],
  sprites = none,
  translations: ReleaseChange['translations'] = {},
): ReleaseChange => ({
  version,
  published: `${version.slice(0, 10)}T08:00:00Z`,
  collections: {
    items: { ...none, added },
    abilities: none,
    relics: none,
    followers: none,
    stats: none,
  },
  sprites,
  translations,
});
const germanName: ReleaseChange['translations'] = {
  de: {
    collections: {
      items: { ...none, changed: ['a'] },
      abilities: none,
      relics: none,
      followers: none,
      stats: none,
    },
    rarities: false,
  },
};
const history: ReleaseHistory = {
  base: '2026-12-01.9',
  changes: [release('2026-12-01.10', ['a']), release('2026-12-02.1', ['b'])],
};
const since = (query: string, of = history) => changesSince(of, new URLSearchParams(query)).changes;

// .9, .10, then `use .10` after publishing 2026-12-02.1 and 2026-12-02.2 on top of .10: 2026-12-03.1
// descends from .10, and the two 2026-12-02 releases were rolled back over.
const netFromRolledBack = release(
  '2026-12-03.1',
  ['c'],
  { added: [], changed: ['blade'], removed: [] },
  germanName,
);
const rolledBack: ReleaseHistory = {
  base: '2026-12-01.9',
  changes: [
    release('2026-12-01.10', ['a']),
    release('2026-12-03.1', ['c'], { added: ['blade'], changed: [], removed: [] }),
  ],
  otherReleases: [
    { version: '2026-12-02.1', change: netFromRolledBack },
    { version: '2026-12-02.2', change: release('2026-12-03.1', ['d']) },
  ],
};

describe('changesSince', () => {
  it.each<[string, string[]]>([
    ['since=2026-12-01.9', ['2026-12-01.10', '2026-12-02.1']],
    ['since=2026-12-01.10', ['2026-12-02.1']],
    ['since=2026-12-02.1', []],
  ])('%s → the releases after it, oldest first', (query, versions) => {
    expect(since(query).map((change) => change.version)).toEqual(versions);
  });

  it('names the version it answered for, which tells one answer from another', () => {
    expect(changesSince(history, new URLSearchParams('since=2026-12-01.10')).since).toBe(
      '2026-12-01.10',
    );
  });

  it('an ancestor gets one entry per release after it, as before a rollback', () => {
    expect(since('since=2026-12-01.9', rolledBack)).toEqual(rolledBack.changes);
    expect(since('since=2026-12-01.10', rolledBack)).toEqual(rolledBack.changes.slice(1));
  });

  it('a release rolled back over gets one entry: the net change from it to the current release', () => {
    expect(since('since=2026-12-02.1', rolledBack)).toEqual([netFromRolledBack]);
    expect(
      since('since=2026-12-02.1', rolledBack)[0]?.translations.de?.collections.items.changed,
    ).toEqual(['a']);
    expect(
      since('since=2026-12-02.2', rolledBack).map((change) => change.collections.items.added),
    ).toEqual([['d']]);
  });

  it('knownVersions lists every version since accepts, in version order', () => {
    expect(knownVersions(history)).toEqual(['2026-12-01.9', '2026-12-01.10', '2026-12-02.1']);
    expect(knownVersions(rolledBack)).toEqual([
      '2026-12-01.9',
      '2026-12-01.10',
      '2026-12-02.1',
      '2026-12-02.2',
      '2026-12-03.1',
    ]);
  });

  it.each<[string, string]>([
    ['', 'since is required'],
    ['since=', 'since is required'],
    [
      'since=2026-12-01',
      'since must be a dataset version, YYYY-MM-DD.n (known versions: 2026-12-01.9, 2026-12-01.10, 2026-12-02.1)',
    ],
    [
      'since=2026-12-01.11',
      'since 2026-12-01.11 is not a dataset version this server knows (known versions: 2026-12-01.9, 2026-12-01.10, 2026-12-02.1): start again from the bulk files listed at /v1/bulk',
    ],
    // .8 is older than .9 as a number, though not as text.
    [
      'since=2026-12-01.8',
      'since 2026-12-01.8 is older than the changes this server keeps (from 2026-12-01.9)',
    ],
    ['since=2026-11-30.40', 'older than the changes this server keeps'],
    ['since=2026-12-01.9&since=2026-12-02.1', 'since may be given only once'],
  ])('%s is a 400: %s', (query, message) => {
    expect(() => since(query)).toThrow(ApiError);
    expect(() => since(query)).toThrow(message);
  });
});
