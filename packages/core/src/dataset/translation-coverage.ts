import { collectionNames, translatableFields } from '../collections/registry.js';
import { collectionOf, type Dataset } from './dataset.js';
import type { TranslatableField, TranslatableFields } from './translations.js';

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
export type LanguageCoverage = Readonly<Record<string, FieldCoverage>>;

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
 * @example recordFields({ name: 'text', description: 'text' }, { id: 'dash', name: 'Dash', description: 'Moves you.' }) // 2
 */
export function recordFields(translatable: TranslatableFields, record: object): number {
  return Object.entries(translatable).reduce(
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
type CoverageSource = Pick<Dataset, 'registry' | 'lists' | 'translations' | 'stats' | 'rarities'>;

/** Per collection, the translatable fields its records have in the default language. */
function translatableCounts(dataset: CoverageSource): Map<string, number> {
  const recordsOf = (name: string): readonly object[] =>
    name === 'stats' ? dataset.stats : collectionOf(dataset, name).records;
  return new Map(
    collectionNames(dataset.registry).map((name) => {
      const fields = translatableFields(dataset.registry, name);
      return [name, recordsOf(name).reduce((sum, record) => sum + recordFields(fields, record), 0)];
    }),
  );
}

/**
 * The coverage of the default language: complete, as its records are the text every other language
 * translates.
 *
 * @example defaultLanguageCoverage(dataset).items.fraction // 1
 */
export function defaultLanguageCoverage(dataset: CoverageSource): LanguageCoverage {
  const collections = [...translatableCounts(dataset)].map(([name, count]) => [
    name,
    coverage(count, count),
  ]);
  return {
    ...Object.fromEntries(collections),
    rarities: coverage(dataset.rarities.length, dataset.rarities.length),
  };
}

/**
 * Each language's coverage: per collection, the translated fields against the translatable fields the
 * records have in the default language; and of the rarity names. What `pnpm publish-dataset` reports
 * and a release's manifest records.
 *
 * @example translationCoverage(dataset).de?.items // { translated: 1800, translatable: 2400, fraction: 0.75 }
 */
export function translationCoverage(dataset: CoverageSource): Record<string, LanguageCoverage> {
  const translatable = translatableCounts(dataset);
  return Object.fromEntries(
    Object.entries(dataset.translations).map(([tag, language]) => {
      const collections = [...translatable].map(([name, count]) => {
        const fields = translatableFields(dataset.registry, name);
        const translated = Object.values(language.collections[name] ?? {}).reduce(
          (sum, record) => sum + recordFields(fields, record),
          0,
        );
        return [name, coverage(translated, count)];
      });
      const rarities = coverage(
        Object.keys(language.rarities ?? {}).length,
        dataset.rarities.length,
      );
      return [tag, { ...Object.fromEntries(collections), rarities }];
    }),
  );
}
