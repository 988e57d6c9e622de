import { COLLECTION_NAMES, type CollectionName } from '../collections/list-names.js';
import type { Dataset } from './dataset.js';
import { TRANSLATABLE_FIELDS, type TranslatableField } from './translations.js';

/** How much of one collection's text a language translates, counted in fields. */
export interface FieldCoverage {
  /** Fields the language translates. */
  translated: number;
  /** Translatable fields the records have in the default language (an array's element counts each of its fields). */
  translatable: number;
  /** `translated / translatable`, rounded down to 4 decimals, so that 1 means complete; 1 when there is nothing to translate. */
  fraction: number;
}

/** One language's coverage of each collection, and of the rarity names. */
export type LanguageCoverage = Record<CollectionName | 'rarities', FieldCoverage>;

/** Fields a value holds, counted as a translation counts them: an untranslated (null) element holds none. */
function fieldCount(value: unknown, kind: TranslatableField): number {
  if (value === undefined) return 0;
  if (kind === 'text') return 1;
  const elements = (value as ReadonlyArray<unknown>).filter((element) => element !== null);
  const each = kind.each;
  if (each === 'text') return elements.length;
  return elements.reduce<number>(
    (sum, element) =>
      sum +
      each.filter((field) => (element as Record<string, unknown>)[field] !== undefined).length,
    0,
  );
}

/**
 * The translatable fields a record holds, or a translation of it gives, counting each element of an
 * array for each of its fields: a translation that gives fewer than its record holds leaves some of
 * the record's text in the default language.
 *
 * @example recordFields('abilities', { id: 'dash', name: 'Dash', description: 'Moves you.' }) // 2
 */
export function recordFields(name: CollectionName, record: object): number {
  return Object.entries(TRANSLATABLE_FIELDS[name]).reduce(
    (sum, [field, kind]) => sum + fieldCount((record as Record<string, unknown>)[field], kind),
    0,
  );
}

function coverage(translated: number, translatable: number): FieldCoverage {
  return {
    translated,
    translatable,
    fraction: translatable === 0 ? 1 : Math.floor((translated / translatable) * 10_000) / 10_000,
  };
}

/** What coverage is counted from: the records, the rarity scale and the translations. */
type CoverageSource = Pick<
  Dataset,
  'translations' | 'stats' | 'rarities' | 'items' | 'abilities' | 'relics' | 'followers'
>;

/** Per collection, the translatable fields its records have in the default language. */
function translatableFields(dataset: CoverageSource): Record<CollectionName, number> {
  const recordsOf = (name: CollectionName): readonly object[] =>
    name === 'stats' ? dataset.stats : dataset[name].records;
  return Object.fromEntries(
    COLLECTION_NAMES.map((name) => [
      name,
      recordsOf(name).reduce((sum, record) => sum + recordFields(name, record), 0),
    ]),
  ) as Record<CollectionName, number>;
}

/**
 * The coverage of the default language: complete, as its records are the text every other language
 * translates.
 *
 * @example defaultLanguageCoverage(dataset).items.fraction // 1
 */
export function defaultLanguageCoverage(dataset: CoverageSource): LanguageCoverage {
  const translatable = translatableFields(dataset);
  const collections = COLLECTION_NAMES.map((name) => [
    name,
    coverage(translatable[name], translatable[name]),
  ]);
  return {
    ...Object.fromEntries(collections),
    rarities: coverage(dataset.rarities.length, dataset.rarities.length),
  } as LanguageCoverage;
}

/**
 * Each language's coverage: per collection, the translated fields against the translatable fields the
 * records have in the default language; and of the rarity names. What `pnpm publish-dataset` reports
 * and a release's manifest records.
 *
 * @example translationCoverage(dataset).de?.items // { translated: 1800, translatable: 2400, fraction: 0.75 }
 */
export function translationCoverage(dataset: CoverageSource): Record<string, LanguageCoverage> {
  const translatable = translatableFields(dataset);
  return Object.fromEntries(
    Object.entries(dataset.translations).map(([tag, language]) => {
      const collections = COLLECTION_NAMES.map((name) => {
        const translated = Object.values(language.collections[name] ?? {}).reduce(
          (sum, record) => sum + recordFields(name, record),
          0,
        );
        return [name, coverage(translated, translatable[name] as number)];
      });
      const rarities = coverage(
        Object.keys(language.rarities ?? {}).length,
        dataset.rarities.length,
      );
      return [tag, { ...Object.fromEntries(collections), rarities } as LanguageCoverage];
    }),
  );
}
