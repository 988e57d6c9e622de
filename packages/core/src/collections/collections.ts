import type { ListRecord } from '../dataset/dataset.js';
import type { CollectionDescriptor } from './descriptor.js';
import { cosmetic, exactText, rarity, search } from './filters.js';
import { idList } from './id-filter.js';
import type { ListName } from './list-names.js';

/**
 * The four paginated lists (README, "API overview"). To add a filter to a list, add it to its
 * `filters` here (and, for an exact-text filter, its field to `listedFields`); routes, query
 * parsing, the OpenAPI document, /docs and the SDK's types follow.
 */
export const COLLECTIONS: { readonly [K in ListName]: CollectionDescriptor<ListRecord<K>> } = {
  items: {
    name: 'items',
    noun: 'item',
    typeName: 'Item',
    description: 'Equippable and cosmetic items.',
    filters: [exactText('slot'), rarity(), exactText('subtype'), cosmetic(), search(), idList()],
    listedFields: [
      { field: 'slot' },
      { field: 'type', note: 'slot family; a field, not a filter' },
      { field: 'subtype' },
    ],
    exampleQuery: (dataset) =>
      `rarity=${dataset.rarities.reduce((a, b) => (b.value > a.value ? b : a)).name}&limit=1`,
    // The first with legendary effects: it shows the most fields.
    exampleRecord: (records) => records.find((item) => item.effects) ?? records[0],
    exampleFilters: { slot: 'head', rarity: 'legendary', cosmetic: false },
  },
  abilities: {
    name: 'abilities',
    noun: 'ability',
    typeName: 'Ability',
    description: 'Abilities.',
    filters: [exactText('category'), search(), idList()],
    listedFields: [{ field: 'category' }],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { category: 'arcane', q: 'mark' },
  },
  relics: {
    name: 'relics',
    noun: 'relic',
    typeName: 'Relic',
    description: 'Relics.',
    filters: [rarity(), search(), idList()],
    listedFields: [],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { rarity: 3 },
  },
  followers: {
    name: 'followers',
    noun: 'follower',
    typeName: 'Follower',
    description: 'Followers.',
    filters: [rarity(), search(), idList()],
    listedFields: [],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { rarity: 'epic', q: 'bear' },
  },
};
