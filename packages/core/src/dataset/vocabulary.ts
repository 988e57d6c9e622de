import type { Dataset } from './dataset.js';

/** The filterable values that exist in a dataset, for the docs page and the OpenAPI document. */
export interface Vocabulary {
  types: string[];
  slots: string[];
  subtypes: string[];
  categories: string[];
}

function distinct(values: Iterable<string | undefined>): string[] {
  const set = new Set<string>();
  for (const value of values) if (value !== undefined) set.add(value.toLowerCase());
  return [...set].sort();
}

/**
 * Collects the allowed values of slot, type, subtype and category from the loaded records, so the
 * reference never lists a value that does not exist.
 */
export function collectVocabulary(dataset: Dataset): Vocabulary {
  const items = dataset.items.records;
  return {
    types: distinct(items.map((item) => item.type)),
    slots: distinct(items.map((item) => item.slot)),
    subtypes: distinct(items.map((item) => item.subtype)),
    categories: distinct(dataset.abilities.records.map((ability) => ability.category)),
  };
}
