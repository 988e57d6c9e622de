import type { GameLists, ListRecord } from '../dataset/dataset.js';
import type { CollectionDescriptor } from './descriptor.js';
import {
  flagField,
  idField,
  nameField,
  plainField,
  rarityField,
  rollField,
  statsField,
  textField,
} from './fields.js';
import { search } from './filters.js';
import { idList } from './id-filter.js';
import { LIST_NAMES, type ListName } from './list-names.js';
import { defineRegistry } from './registry.js';

/**
 * The four paginated lists (README, "API overview"). To let a list filter, sort, facet or select by a
 * field, give the field's entry in `fields` that capability; routes, query parsing, the OpenAPI
 * document, /docs and the SDK's types follow.
 */
export const COLLECTIONS: { readonly [K in ListName]: CollectionDescriptor<ListRecord<K>> } = {
  items: {
    name: 'items',
    noun: 'item',
    typeName: 'Item',
    description: 'Equippable and cosmetic items.',
    fields: [
      idField(),
      nameField(),
      textField('slot'),
      rarityField(true),
      textField('subtype'),
      flagField('cosmetic'),
      textField('type', 'slot family'),
      statsField(),
      rollField(),
      plainField('rarityName', true),
      plainField('description'),
      plainField('icon'),
      plainField('effects'),
      plainField('requirements'),
      plainField('dungeons'),
    ],
    translatable: {
      name: 'text',
      description: 'text',
      effects: { each: ['trigger', 'label', 'impact'] },
      requirements: { each: ['skill'] },
      dungeons: { each: 'text' },
    },
    searches: [search(), idList()],
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
    fields: [
      idField(),
      nameField(),
      textField('category'),
      plainField('description'),
      plainField('icon'),
    ],
    translatable: { name: 'text', description: 'text' },
    searches: [search(), idList()],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { category: 'arcane', q: 'mark' },
  },
  relics: {
    name: 'relics',
    noun: 'relic',
    typeName: 'Relic',
    description: 'Relics.',
    fields: [
      idField(),
      nameField(),
      rarityField(false),
      plainField('label'),
      plainField('min'),
      plainField('max'),
      plainField('unit'),
      plainField('prefix'),
      plainField('rarityName'),
      plainField('icon'),
      flagField('unique'),
    ],
    translatable: { name: 'text', label: 'text', unit: 'text' },
    searches: [search(), idList()],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { rarity: 3 },
  },
  followers: {
    name: 'followers',
    noun: 'follower',
    typeName: 'Follower',
    description: 'Followers.',
    fields: [
      idField(),
      nameField(),
      rarityField(false),
      plainField('rarityName'),
      plainField('icon'),
    ],
    translatable: { name: 'text' },
    searches: [search(), idList()],
    exampleQuery: () => 'limit=2',
    exampleRecord: (records) => records[0],
    exampleFilters: { rarity: 'epic', q: 'bear' },
  },
};

/** The API's lists as a registry, in `LIST_NAMES` order: what a server serves unless given another. */
export const REGISTRY = defineRegistry<GameLists>(LIST_NAMES.map((name) => COLLECTIONS[name]));
