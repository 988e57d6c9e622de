import { describe, expect, it } from 'vitest';
import README from '../../../../dataset/README.md?raw';
import { REGISTRY } from '../collections/collections.js';
import { COLLECTION_NAMES } from '../collections/list-names.js';
import { translatableFields } from '../collections/registry.js';
import { collectionFile, MANIFEST_FILE } from './dataset.js';
import { canonicalLanguage } from './translations.js';

/** The names in backticks of the row of `file` in dataset/README.md's table of translatable fields. */
function documentedFields(file: string): string[] {
  const table =
    /\| file +\| translatable fields +\|\n\|[-| ]+\|\n((?:\|.*\|\n)+)/.exec(README)?.[1] ?? '';
  const row = table.split('\n').find((line) => line.split('|')[1]?.trim() === file) ?? '';
  return [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}

describe('the translatable fields', () => {
  it.each(COLLECTION_NAMES)('of %s are the ones dataset/README.md lists', (name) => {
    const fields = Object.entries(translatableFields(REGISTRY, name)).flatMap(([field, kind]) =>
      kind === 'text'
        ? [field]
        : kind.each === 'text'
          ? [`${field}[]`]
          : [`${field}[]`, ...kind.each],
    );
    expect(documentedFields(collectionFile(name))).toEqual(fields);
  });

  it("of a language's manifest.json are the rarity names, as dataset/README.md says", () => {
    expect(documentedFields(MANIFEST_FILE)).toEqual(['rarities']);
  });
});

describe('canonicalLanguage', () => {
  it.each([
    ['de', 'de'],
    ['de-de', 'de-DE'],
    ['EN-gb', 'en-GB'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['de_DE', undefined],
    ['', undefined],
    ['not a tag', undefined],
  ])('%j is %j', (tag, canonical) => {
    expect(canonicalLanguage(tag)).toBe(canonical);
  });
});
