import type { Collection } from '../dataset/collection.js';

/**
 * What is worked out once from a list's columns, shared by every view of the list (each language's):
 * kept by the list's ids, which every view shares with it, and given only to a collection whose
 * columns and keyed columns are the ones it was made from — what makes sharing it sound. A
 * collection with those ids and other columns is a mistake, thrown, not answered from another's.
 *
 * @example const indexes = new SharedByIds<CollectionIndexes>(); indexes.of(collection, () => buildIndexes(collection))
 */
export class SharedByIds<V> {
  readonly #made = new WeakMap<readonly string[], { columns: object; keyed: object; value: V }>();

  of(collection: Collection<{ id: string }>, make: () => V): V {
    const { ids, columns, keyed } = collection;
    const found = this.#made.get(ids);
    if (found !== undefined) {
      if (found.columns !== columns || found.keyed !== keyed)
        throw new Error(
          'two collections share their ids but not their columns: what is worked out from one would answer for the other',
        );
      return found.value;
    }
    const value = make();
    this.#made.set(ids, { columns, keyed, value });
    return value;
  }
}
