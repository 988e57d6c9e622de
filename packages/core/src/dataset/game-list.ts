import { COLLECTIONS } from '../collections/collections.js';
import type { ListName } from '../collections/list-names.js';
import type { Collection } from './collection.js';
import { collectionOf, type Dataset, type ListRecord } from './dataset.js';

/**
 * One of the API's own lists, typed, for what is written about it alone (an example of a stat range
 * in /docs, say); `undefined` for a dataset whose registry lacks it, or names another list so,
 * whose pages leave such an example out.
 *
 * @example gameList(dataset, 'items')?.records[0]?.stats
 */
export function gameList<K extends ListName>(
  dataset: Dataset,
  list: K,
): Collection<ListRecord<K>> | undefined {
  // Only the API's own descriptor indexes `list` from records of its schema, `ListRecord<K>`.
  return dataset.registry.has(list) && dataset.registry.list(list) === COLLECTIONS[list]
    ? (collectionOf(dataset, list) as Collection<ListRecord<K>>)
    : undefined;
}
