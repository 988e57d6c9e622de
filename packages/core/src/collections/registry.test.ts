import { describe, expect, it } from 'vitest';
import { COLLECTIONS, REGISTRY } from './collections.js';
import {
  collectionNames,
  defineRegistry,
  inWords,
  listsInWords,
  translatableFields,
} from './registry.js';

const relics = COLLECTIONS.relics;

describe('a registry', () => {
  it("holds the API's own lists in order, then the stats as its collections", () => {
    expect(REGISTRY.lists.map((list) => list.name)).toEqual([
      'items',
      'abilities',
      'relics',
      'followers',
    ]);
    expect(collectionNames(REGISTRY)).toEqual([
      'items',
      'abilities',
      'relics',
      'followers',
      'stats',
    ]);
    expect(REGISTRY.list('relics')).toBe(relics);
    expect(REGISTRY.has('quests')).toBe(false);
    expect(() => REGISTRY.list('quests')).toThrow('the registry has no list "quests"');
  });

  it.each([
    'stats',
    'search',
    'facets',
    'bulk',
    'img',
    'meta',
    'constructor',
    'Quests',
    'quest.s',
    '',
    '1st',
  ])('refuses a list named %j: a path another route takes, or not a path segment', (name) => {
    expect(() => defineRegistry([...REGISTRY.lists, { ...relics, name, typeName: 'X' }])).toThrow(
      `a list cannot be named "${name}"`,
    );
  });

  it.each(['Stat', 'Meta', 'Language', 'ReleaseChange', 'CollectionMeta', 'quest', 'Side Quest'])(
    "refuses a list typed %j: a schema of the document's own, or not a type name",
    (typeName) => {
      expect(() =>
        defineRegistry([...REGISTRY.lists, { ...relics, name: 'charms', typeName }]),
      ).toThrow(`a list cannot be typed "${typeName}"`);
    },
  );

  it('refuses two lists of one name or one type name', () => {
    expect(() => defineRegistry([relics, { ...relics, typeName: 'Other' }])).toThrow(
      'two lists are named "relics"',
    );
    expect(() => defineRegistry([relics, { ...relics, name: 'charms' }])).toThrow('typed "Relic"');
  });

  it("gives a list's translatable fields from its descriptor, and the stats' their own", () => {
    expect(translatableFields(REGISTRY, 'relics')).toBe(relics.translatable);
    expect(Object.keys(translatableFields(REGISTRY, 'stats'))).toEqual([
      'name',
      'short',
      'unit',
      'description',
    ]);
  });

  it('names its collections as prose does, for the texts of /docs and OpenAPI', () => {
    expect(inWords(collectionNames(REGISTRY))).toBe(
      'items, abilities, relics, followers and stats',
    );
    expect(inWords(['relics', 'stats'])).toBe('relics and stats');
    expect(inWords(['stats'])).toBe('stats');
    expect(listsInWords(defineRegistry([relics]))).toBe('relics');
    expect(listsInWords(REGISTRY)).toBe('items, abilities, relics, followers');
  });
});
