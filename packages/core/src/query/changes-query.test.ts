import { describe, expect, it } from 'vitest';
import type { ReleaseHistory } from '../dataset/release-history.js';
import { ApiError } from '../errors.js';
import type { ReleaseChange } from '../schemas/records.js';
import { changesSince } from './changes-query.js';

const none = { added: [], changed: [], removed: [] };
const release = (version: string, added: string[]): ReleaseChange => ({
  version,
  published: `${version.slice(0, 10)}T08:00:00Z`,
  collections: { items: { ...none, added }, abilities: none, relics: none, followers: none, stats: none },
});
const history: ReleaseHistory = { base: '2026-12-01.9', changes: [release('2026-12-01.10', ['a']), release('2026-12-02.1', ['b'])] };
const since = (query: string) => changesSince(history, new URLSearchParams(query));

describe('changesSince', () => {
  it.each<[string, string[]]>([
    ['since=2026-12-01.9', ['2026-12-01.10', '2026-12-02.1']],
    ['since=2026-12-01.10', ['2026-12-02.1']],
    ['since=2026-12-02.1', []],
  ])('%s → the releases after it, oldest first', (query, versions) => {
    expect(since(query).map((change) => change.version)).toEqual(versions);
  });

  it.each<[string, string]>([
    ['', 'since is required'],
    ['since=', 'since is required'],
    ['since=2026-12-01', 'since must be a dataset version, YYYY-MM-DD.n (known versions: 2026-12-01.9, 2026-12-01.10, 2026-12-02.1)'],
    ['since=2026-12-01.11', 'since 2026-12-01.11 is not a dataset version this server knows (known versions: 2026-12-01.9, 2026-12-01.10, 2026-12-02.1)'],
    // .8 is older than .9 as a number, though not as text.
    ['since=2026-12-01.8', 'since 2026-12-01.8 is older than the changes this server keeps (from 2026-12-01.9)'],
    ['since=2026-11-30.40', 'older than the changes this server keeps'],
    ['since=2026-12-01.9&since=2026-12-02.1', 'since may be given only once'],
  ])('%s is a 400: %s', (query, message) => {
    expect(() => since(query)).toThrow(ApiError);
    expect(() => since(query)).toThrow(message);
  });
});
