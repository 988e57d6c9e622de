import { COLLECTION_NAMES, type CollectionName } from '@gamedata/core/runtime';
import { describe, expect, it } from 'vitest';
import {
  raritiesHash,
  type CollectionHashes,
  type ContentHashes,
  type LanguageHashes,
} from './content-hashes.js';
import { changesBetween } from './release-changes.js';

const none = { added: [], changed: [], removed: [] };
const untouched = { items: none, abilities: none, relics: none, followers: none, stats: none };

/** A collection's hashes: only `records` is read. */
const hashed = (records: Record<string, string> = {}): CollectionHashes => ({
  count: Object.keys(records).length,
  hash: JSON.stringify(records),
  records,
});

function collections(
  records: Partial<Record<CollectionName, Record<string, string>>> = {},
): Record<CollectionName, CollectionHashes> {
  return Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, hashed(records[name])]),
  ) as Record<CollectionName, CollectionHashes>;
}

/** A language's hashes; `rarities: undefined` as a manifest published before rarity names had a hash of their own. */
function language(
  records: Partial<Record<CollectionName, Record<string, string>>>,
  rarities: Record<string, string> | undefined = {},
): LanguageHashes {
  const hashes = collections(records);
  const hash = JSON.stringify({ rarities, records });
  return rarities === undefined
    ? { hash, collections: hashes }
    : { hash, collections: hashes, rarities: raritiesHash(rarities) };
}

function release(translations?: Record<string, LanguageHashes>): ContentHashes {
  return {
    hash: JSON.stringify(translations),
    collections: collections({
      items: { 'ember-blade': 'a', 'iron-helm': 'b' },
      stats: { mgt: 'm' },
    }),
    sprites: { count: 0, hash: '', files: {} },
    ...(translations ? { translations } : {}),
  };
}

const german = language(
  { items: { 'ember-blade': 'de1', 'iron-helm': 'de2' }, stats: { mgt: 'dem' } },
  { '1': 'selten' },
);

describe('changesBetween: the translations of a change-feed entry', () => {
  it('lists nothing for releases with the same translations, or none at all', () => {
    expect(changesBetween(release({ de: german }), release({ de: german })).translations).toEqual(
      {},
    );
    expect(changesBetween(release(), release()).translations).toEqual({});
  });

  it('a changed translation: its ids per collection, and no collection or sprite change', () => {
    const after = language(
      { items: { 'ember-blade': 'de1*' }, stats: { mgt: 'dem', fns: 'def' } },
      { '1': 'selten' },
    );
    const changes = changesBetween(release({ de: german }), release({ de: after }));
    expect(changes.translations).toEqual({
      de: {
        collections: {
          ...untouched,
          items: { added: [], changed: ['ember-blade'], removed: ['iron-helm'] },
          stats: { ...none, added: ['fns'] },
        },
        rarities: false,
      },
    });
    expect(changes.collections).toEqual(untouched);
    expect(changes.sprites).toEqual(none);
  });

  it('a change to the rarity names alone', () => {
    const renamed = language(
      { items: { 'ember-blade': 'de1', 'iron-helm': 'de2' }, stats: { mgt: 'dem' } },
      { '1': 'rar' },
    );
    expect(changesBetween(release({ de: german }), release({ de: renamed })).translations).toEqual({
      de: { collections: untouched, rarities: true },
    });
  });

  it('a language added or removed whole: every translated id added or removed, the rarity names with it; others left out', () => {
    const french = language({ abilities: { dash: 'fr1' } });
    const added = changesBetween(
      release({ de: german }),
      release({ de: german, fr: french }),
    ).translations;
    // French translates no rarity name: they did not change.
    expect(added).toEqual({
      fr: {
        collections: { ...untouched, abilities: { ...none, added: ['dash'] } },
        rarities: false,
      },
    });
    const removed = changesBetween(
      release({ de: german, fr: french }),
      release({ fr: french }),
    ).translations;
    expect(removed).toEqual({
      de: {
        collections: {
          ...untouched,
          items: { ...none, removed: ['ember-blade', 'iron-helm'] },
          stats: { ...none, removed: ['mgt'] },
        },
        rarities: true,
      },
    });
  });

  it('from a manifest published before translations: the languages are added', () => {
    const { translations } = changesBetween(release(), release({ de: german }));
    expect(Object.keys(translations)).toEqual(['de']);
    expect(translations.de?.collections.items.added).toEqual(['ember-blade', 'iron-helm']);
  });

  it('lists the languages in tag order', () => {
    const one = language({ items: { 'ember-blade': 'x' } });
    expect(
      Object.keys(
        changesBetween(release(), release({ fr: one, de: one, 'de-AT': one })).translations,
      ),
    ).toEqual(['de', 'de-AT', 'fr']);
  });

  it('from a manifest published before the rarity names had a hash: changed whenever the language is', () => {
    const older = language(
      { items: { 'ember-blade': 'de1', 'iron-helm': 'de2' }, stats: { mgt: 'dem' } },
      undefined,
    );
    const changed = language(
      { items: { 'ember-blade': 'de1*', 'iron-helm': 'de2' }, stats: { mgt: 'dem' } },
      { '1': 'selten' },
    );
    expect(
      changesBetween(release({ de: older }), release({ de: changed })).translations.de,
    ).toEqual({
      collections: { ...untouched, items: { ...none, changed: ['ember-blade'] } },
      rarities: true,
    });
    // The same translations (the same language hash) are no change, whatever the manifest holds.
    expect(
      changesBetween(
        release({ de: older }),
        release({ de: { ...older, rarities: raritiesHash({ '1': 'selten' }) } }),
      ).translations,
    ).toEqual({});
  });
});

describe('changesBetween: the collections an entry lists', () => {
  it('lists each of the names a server serves, a collection both releases lack as unchanged, and no other', () => {
    const before = release({ de: german });
    const after = release({ de: language({ items: { 'ember-blade': 'de9' } }) });
    const names = ['items', 'quests', 'stats'];
    const changes = changesBetween(before, after, names);
    expect(Object.keys(changes.collections)).toEqual(names);
    expect((changes.collections as Record<string, unknown>).quests).toEqual(none);
    expect(Object.keys(changes.translations.de?.collections ?? {})).toEqual(names);
    expect(changes.translations.de?.collections.items).toEqual({
      ...none,
      changed: ['ember-blade'],
      removed: ['iron-helm'],
    });
    // Without names, the newer release's collections.
    expect(Object.keys(changesBetween(before, after).collections)).toEqual(COLLECTION_NAMES);
  });
});
