import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../collections/collections.js';
import { indexCollection } from '../dataset/collection.js';
import { localizeCollection } from '../language/localized-collection.js';
import { translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { indexesOf } from './collection-indexes.js';
import { SharedByIds } from './shared-by-ids.js';

const dataset = translatedFixtureDataset();
const items = dataset.lists.items;

describe('what is worked out from a list once, for every view of it', () => {
  it("is made once and shared by each language's view, which has the list's ids and columns", () => {
    const german = localizeCollection(
      'items',
      COLLECTIONS.items.translatable,
      items,
      dataset.translations.de!,
    );
    let made = 0;
    const shared = new SharedByIds<object>();
    const value = shared.of(items, () => ({ made: ++made }));
    expect(shared.of(german, () => ({ made: ++made }))).toBe(value);
    expect(made).toBe(1);
    expect(indexesOf(german)).toBe(indexesOf(items));
  });

  it('is refused to a collection with the same ids and other columns, rather than answered from the first', () => {
    // The ids of the items, and columns of a field they do not filter by.
    const other = { ...indexCollection(items.records, ['icon']), ids: items.ids };
    indexesOf(items);
    expect(() => indexesOf(other)).toThrow('two collections share their ids but not their columns');
  });
});
