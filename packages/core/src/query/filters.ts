import type { Collection, Dataset, FilterField, ListName } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';

/** Longest `q` accepted; longer searches cannot match any name and are refused as malformed. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * One query parameter of a list endpoint: how its raw text is validated and normalised, and whether a
 * record (at `index` in its collection) matches the normalised value.
 */
export interface FilterSpec<R extends { id: string }, V = unknown> {
  param: string;
  parse(raw: string, dataset: Dataset): V;
  matches(collection: Collection<R>, index: number, value: V): boolean;
}

type Filter<R extends { id: string }> = FilterSpec<R, never>;

function define<R extends { id: string }, V>(spec: FilterSpec<R, V>): Filter<R> {
  return spec as unknown as Filter<R>;
}

/** Exact match, case-insensitive (spec §4): `slot`, `subtype`, `category`. */
function exactText<R extends { id: string }>(param: string, field: Extract<keyof R, FilterField>): Filter<R> {
  return define<R, string>({
    param,
    parse: (raw) => raw.toLowerCase(),
    matches: (collection, index, value) => {
      const actual = collection.columns[field]?.[index];
      return typeof actual === 'string' && actual.toLowerCase() === value;
    },
  });
}

/**
 * Parses a rarity given as a number or a name of the dataset's scale, case-insensitive. A value that
 * is not on the scale is a 400: it could only ever match nothing, which is almost always a typo.
 */
export function parseRarity(raw: string, dataset: Dataset): number {
  const byName = dataset.rarities.find((r) => r.name === raw.toLowerCase());
  if (byName) return byName.value;
  const byValue = /^\d+$/.test(raw) ? dataset.rarities.find((r) => r.value === Number(raw)) : undefined;
  if (byValue) return byValue.value;
  const scale = dataset.rarities.map((r) => `${r.value} (${r.name})`).join(', ');
  throw badRequest(`rarity must be one of ${scale}`);
}

function rarity<R extends { id: string; rarity?: number | undefined }>(): Filter<R> {
  return define<R, number>({
    param: 'rarity',
    parse: parseRarity,
    matches: (collection, index, value) => collection.columns.rarity?.[index] === value,
  });
}

function search<R extends { id: string }>(): Filter<R> {
  return define<R, string>({
    param: 'q',
    parse: (raw) => {
      if (raw.length > MAX_SEARCH_LENGTH) throw badRequest(`q must be at most ${MAX_SEARCH_LENGTH} characters`);
      return raw.toLowerCase();
    },
    matches: (collection, index, value) => collection.searchNames[index]?.includes(value) ?? false,
  });
}

/** `cosmetic=true|false`; an item without the field counts as not cosmetic. */
const cosmetic = define<{ id: string; cosmetic?: boolean | undefined }, boolean>({
  param: 'cosmetic',
  parse: (raw) => {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw badRequest('cosmetic must be true or false');
  },
  matches: (collection, index, value) => (collection.columns.cosmetic?.[index] ?? false) === value,
});

/** The filters each list endpoint accepts (spec §4, "Query parameters of list endpoints"). */
export const LIST_FILTERS: { [K in ListName]: ReadonlyArray<Filter<Dataset[K]['records'][number]>> } = {
  items: [exactText('slot', 'slot'), rarity(), exactText('subtype', 'subtype'), cosmetic, search()],
  abilities: [exactText('category', 'category'), search()],
  relics: [rarity(), search()],
  followers: [rarity(), search()],
};
