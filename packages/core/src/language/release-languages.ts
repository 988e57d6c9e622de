import type { Collection } from '../dataset/collection.js';
import { collectionOf, type Dataset, type LanguageStats } from '../dataset/dataset.js';
import type { AnyListRecord } from '../collections/list-types.js';
import { languageHeaders, type HeaderSet } from '../policy/headers.js';
import { STAT_TRANSLATABLE_FIELDS, type LanguageTranslations } from '../dataset/translations.js';
import type { Stat } from '../schemas/records.js';
import { fellBack, localizeRecord } from './localize-record.js';
import { localizeCollection, storedLocalizedCollection } from './localized-collection.js';
import { createLanguageChooser, type ChooseLanguage } from './negotiate-language.js';

/** One list in one language: its collection, and which of its records keep text in the default language. */
export interface LanguageList<T extends { id: string }> {
  collection: Collection<T>;
  fellBack(index: number): boolean;
}

export type { LanguageStats } from '../dataset/dataset.js';

/** The languages one release serves, and its records in each. */
export interface ReleaseLanguages {
  /** The default language first, then each it translates into, in tag order. */
  tags: readonly string[];
  /** The language of the records as published. */
  default: string;
  /** The language of a request, from its `lang` and its Accept-Language. */
  choose: ChooseLanguage;
  /** A list in a language of `tags`, made on first use. */
  list(tag: string, list: string): LanguageList<AnyListRecord>;
  /** The stat vocabulary in a language of `tags`, made on first use. */
  stats(tag: string): LanguageStats;
  /** The headers of an answer in `tag` whose records at the positions `fellBack` keep text in the default language. */
  headers(tag: string, fellBack?: readonly number[]): HeaderSet;
}

const NEVER = () => false;

/**
 * The stat vocabulary in the language of `translations` (one language's), each stat translated,
 * and which keep text in the default language.
 */
export function localizeStats(
  stats: readonly Stat[],
  translations: LanguageTranslations,
): LanguageStats {
  const translated = translations.collections.stats ?? {};
  const languageOf = (stat: Stat) => ({ translation: translated[stat.key], rarities: undefined });
  return {
    stats: stats.map((stat) => localizeRecord(STAT_TRANSLATABLE_FIELDS, stat, languageOf(stat))),
    fellBack: stats.flatMap((stat, index) =>
      fellBack(STAT_TRANSLATABLE_FIELDS, stat, languageOf(stat)) ? [index] : [],
    ),
  };
}

/**
 * The languages of a release: the chooser every request's language comes from, and each list and
 * the stat vocabulary in each language, made when a request first asks for them — a release served
 * only in its default language makes none. The default language's are the dataset's own.
 *
 * @example releaseLanguages(dataset).list('de', 'items').collection.get('ember-blade')?.name // 'Glutklinge'
 */
export function releaseLanguages(dataset: Dataset): ReleaseLanguages {
  const tags = [dataset.language, ...Object.keys(dataset.translations)];
  // By language, then by list: looked up on every request, so without building a key.
  const lists = new Map<string, Map<string, LanguageList<AnyListRecord>>>();
  const stats = new Map<string, LanguageStats>();
  const translated = new Map(tags.map((tag) => [tag, languageHeaders(tag, dataset.language)]));
  const translatedStats = (tag: string): LanguageStats => {
    const translations = dataset.translations[tag];
    return translations === undefined
      ? { stats: dataset.stats, fellBack: [] }
      : localizeStats(dataset.stats, translations);
  };
  return {
    tags,
    default: dataset.language,
    choose: createLanguageChooser(tags),
    list(tag, list) {
      let ofLanguage = lists.get(tag);
      if (ofLanguage === undefined) lists.set(tag, (ofLanguage = new Map()));
      let found = ofLanguage.get(list);
      if (found === undefined) {
        const base = collectionOf(dataset, list);
        // A release keeps each language's lists as published: its translations are then not read.
        const stored = dataset.localized?.(tag, list);
        const translations = stored ? undefined : dataset.translations[tag];
        if (stored) {
          const localized = storedLocalizedCollection(base, stored);
          found = { collection: localized, fellBack: localized.fellBack };
        } else if (translations === undefined) found = { collection: base, fellBack: NEVER };
        else {
          const { translatable } = dataset.registry.list(list);
          const localized = localizeCollection(list, translatable, base, translations);
          found = { collection: localized, fellBack: localized.fellBack };
        }
        ofLanguage.set(list, found);
      }
      return found;
    },
    stats(tag) {
      let found = stats.get(tag);
      if (found === undefined) {
        // A release keeps each language's stats as published: its translations are then not read.
        found = dataset.localizedStats?.(tag) ?? translatedStats(tag);
        stats.set(tag, found);
      }
      return found;
    },
    headers: (tag, fellBack = []) =>
      fellBack.length === 0
        ? (translated.get(tag) as HeaderSet)
        : languageHeaders(tag, dataset.language, fellBack),
  };
}
