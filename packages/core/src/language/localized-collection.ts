import { findById, type Collection } from '../dataset/collection.js';
import type { StoredLanguageList } from '../dataset/dataset.js';
import { createNameIndex, type NameIndex } from '../dataset/name-index.js';
import type { LanguageTranslations, TranslatableFields } from '../dataset/translations.js';
import { fellBack, localizeRecord, type RecordLanguage } from './localize-record.js';
import { countDerived } from '../dataset/derived-memory.js';
import { foldCase } from '../text/fold-case.js';
import { union } from '../sorted-union.js';

/** A collection in one language, which also tells which of its records keep text in the default language. */
export interface LocalizedCollection<T extends { id: string }> extends Collection<T> {
  /** Whether the record at `index` has text the language does not translate, sent in the default language. */
  fellBack(index: number): boolean;
}

/**
 * The names of a collection in its language and in the default one, searched as one: `q` finds a
 * record by either name (a player quoting an English wiki still finds it), each record once.
 */
function eitherName(local: NameIndex, base: NameIndex): NameIndex {
  return {
    containing: (text) => union(local.containing(text), base.containing(text)),
    has: (position, text) => local.has(position, text) || base.has(position, text),
  };
}

/**
 * A view of `base` in another language: the same ids, order, filter columns and indexes, its own
 * names (searched in both languages) and its records read through `at` (and `json`, where kept).
 */
function languageView<T extends { id: string }>(
  base: Collection<T>,
  searchNames: readonly string[],
  reads: Pick<LocalizedCollection<T>, 'at' | 'json' | 'scanJson' | 'fellBack'>,
): LocalizedCollection<T> {
  let records: readonly T[] | undefined;
  return {
    size: base.size,
    ids: base.ids,
    // Read through, not copied: a snapshot's columns may be worked out only when first used.
    get columns() {
      return base.columns;
    },
    get keyed() {
      return base.keyed;
    },
    searchNames,
    nameIndex:
      searchNames === base.searchNames
        ? base.nameIndex
        : eitherName(
            createNameIndex(searchNames, (bytes) => countDerived(base, bytes)),
            base.nameIndex,
          ),
    ...reads,
    get: (id) => findById(base.ids, id, reads.at),
    get records() {
      return (records ??= base.ids.map((_, index) => reads.at(index)));
    },
  };
}

/**
 * The default language's collection as it reads in another language (`translations` of one language):
 * the same ids, order and filter columns, each record translated when it is read — a page reads only
 * its own records — and names searched in both languages. Records without a translation read as
 * they are, and report that they fell back.
 *
 * @example localizeCollection('items', COLLECTIONS.items.translatable, dataset.lists.items, dataset.translations.de).get('ember-blade')?.name // 'Glutklinge'
 */
export function localizeCollection<T extends { id: string }>(
  list: string,
  translatable: TranslatableFields,
  base: Collection<T>,
  translations: LanguageTranslations,
): LocalizedCollection<T> {
  const translated = translations.collections[list] ?? {};
  const languageOf = (id: string): RecordLanguage => ({
    translation: translated[id],
    rarities: translations.rarities,
  });
  // 0: not known yet; 1: all translated; 2: fell back. Worked out per record on first use, from the
  // record `at` reads anyway when it is the first to.
  const fellBackAt = new Uint8Array(base.size);
  const learn = (index: number, record: T, language: RecordLanguage) => {
    fellBackAt[index] = fellBack(translatable, record, language) ? 2 : 1;
  };
  const at = (index: number) => {
    const record = base.at(index);
    const language = languageOf(base.ids[index] as string);
    if (fellBackAt[index] === 0) learn(index, record, language);
    return localizeRecord(translatable, record, language);
  };
  const names = base.ids.map((id) => translated[id]?.name);
  const searchNames = names.some((name) => typeof name === 'string')
    ? names.map((name, index) =>
        typeof name === 'string' ? foldCase(name) : (base.searchNames[index] as string),
      )
    : base.searchNames;
  return languageView(base, searchNames, {
    at,
    fellBack(index) {
      if (fellBackAt[index] === 0)
        learn(index, base.at(index), languageOf(base.ids[index] as string));
      return fellBackAt[index] === 2;
    },
  });
}

/**
 * `base` in a language as a snapshot keeps it (`StoredLanguageList`): what `localizeCollection`
 * gives, each record read as the JSON published — nothing is translated, or parsed, to serve a page.
 */
export function storedLocalizedCollection<T extends { id: string }>(
  base: Collection<T>,
  stored: StoredLanguageList<T>,
): LocalizedCollection<T> {
  const fellBackAt = new Uint8Array(base.size);
  for (const position of stored.fellBack) fellBackAt[position] = 1;
  return languageView(base, stored.searchNames ?? base.searchNames, {
    at: stored.records.at,
    json: stored.records.json,
    scanJson: stored.records.scan,
    fellBack: (index) => fellBackAt[index] === 1,
  });
}
