import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { distinctValues } from './distinct-values.js';
import type { ListFilter } from './filters.js';

/**
 * The values a filter of `list` is described with (the OpenAPI document's examples) and typed with
 * (the SDK's generated unions): its field's distinct values in the dataset, none for a filter without
 * a field (`q`, `ids`).
 *
 * @example filterValues(dataset, 'abilities', listFilters(COLLECTIONS.abilities)[0]!) // ['defense', 'movement', …]
 */
export function filterValues(dataset: Dataset, list: string, filter: ListFilter): string[] {
  if (filter.field === undefined) return [];
  return distinctValues(collectionOf(dataset, list).records, filter.field);
}
