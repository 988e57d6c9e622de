import type { Collection } from '../dataset/collection.js';
import { keyedColumn } from '../dataset/keyed-columns.js';
import { bitsOf, emptyBits, type Bitset } from './bitset.js';

/** The values of one keyed column in value order, with the position of each: what ranges slice. */
interface ByValue {
  readonly values: Float64Array;
  readonly positions: Int32Array;
}

/**
 * A record's place in one order: equal values share a rank, and a record without a value has -1.
 */
export type Ranks = Int32Array;

/**
 * The indexes one collection answers new queries from, each built the first time a query needs it
 * and kept for the release: a set per value of each filter column, each keyed column in value
 * order, and each sort key's ranks. Never a scan of the records per query.
 */
export interface CollectionIndexes {
  /** The records whose `field` column holds `value` (text compared lower-cased). Do not modify it. */
  equal(field: string, value: string | number | boolean): Bitset;
  /** The distinct values of `field`'s column (text lower-cased) and the records holding each. */
  values(field: string): ReadonlyMap<string | number | boolean, Bitset>;
  /** The records that have a number of `family` under `key`. Do not modify it. */
  has(family: string, key: string): Bitset;
  /** The records whose number of `family` under `key` is within `min`..`max` (inclusive). */
  within(family: string, key: string, min: number, max: number): Bitset;
  /** Ranks of the records by a numeric column, or by a keyed column (`family`, `key`). */
  numberRanks(field: string, key?: string): Ranks;
}

// Keyed by the ids, which every language's view of a collection shares with it: the indexes read
// nothing a translation changes.
const built = new WeakMap<readonly string[], CollectionIndexes>();

/** Dense ranks of `values` (NaN = none): equal values share a rank. */
function denseRanks(values: Float64Array): Ranks {
  const order = Array.from(values.keys())
    .filter((position) => !Number.isNaN(values[position]))
    .sort((a, b) => (values[a] as number) - (values[b] as number));
  const ranks = new Int32Array(values.length).fill(-1);
  let rank = -1;
  let previous = NaN;
  for (const position of order) {
    const value = values[position] as number;
    if (value !== previous) rank++;
    previous = value;
    ranks[position] = rank;
  }
  return ranks;
}

/** First index of the ascending `values` holding `value` or more (`after`: more than `value`). */
function lowerBound(values: Float64Array, value: number, after: boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = values[mid] as number;
    if (at < value || (after && at === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

function buildIndexes(collection: Collection<{ id: string }>): CollectionIndexes {
  // Columns are read when an index first needs them: a snapshot may work them out only then.
  const { size } = collection;
  const columnOf = (field: string) =>
    Object.hasOwn(collection.columns, field) ? (collection.columns[field] ?? []) : [];
  const valueSets = new Map<string, Map<string | number | boolean, Bitset>>();
  const sorted = new Map<string, ByValue | undefined>();
  const hasSets = new Map<string, Bitset>();
  const ranks = new Map<string, Ranks>();

  const values = (field: string) => {
    let sets = valueSets.get(field);
    if (sets === undefined) {
      const positions = new Map<string | number | boolean, number[]>();
      columnOf(field).forEach((raw, position) => {
        if (raw === null) return;
        const value = typeof raw === 'string' ? raw.toLowerCase() : raw;
        let list = positions.get(value);
        if (list === undefined) positions.set(value, (list = []));
        list.push(position);
      });
      sets = new Map([...positions].map(([value, list]) => [value, bitsOf(size, list)]));
      valueSets.set(field, sets);
    }
    return sets;
  };
  const byValue = (family: string, key: string): ByValue | undefined => {
    const name = `${family}\0${key}`;
    if (!sorted.has(name)) {
      const column = keyedColumn(collection.keyed, family, key);
      let index: ByValue | undefined;
      if (column !== undefined) {
        const order = Array.from(column.values.keys()).sort(
          (a, b) => (column.values[a] as number) - (column.values[b] as number) || a - b,
        );
        index = {
          values: Float64Array.from(order, (i) => column.values[i] as number),
          positions: Int32Array.from(order, (i) => column.positions[i] as number),
        };
      }
      sorted.set(name, index);
    }
    return sorted.get(name);
  };
  const empty = emptyBits(size);

  return {
    values,
    equal: (field, value) => values(field).get(value) ?? empty,
    has(family, key) {
      const name = `${family}\0${key}`;
      let bits = hasSets.get(name);
      if (bits === undefined) {
        bits = bitsOf(size, keyedColumn(collection.keyed, family, key)?.positions ?? []);
        hasSets.set(name, bits);
      }
      return bits;
    },
    within(family, key, min, max) {
      const index = byValue(family, key);
      if (index === undefined) return emptyBits(size);
      const from = lowerBound(index.values, min, false);
      const to = lowerBound(index.values, max, true);
      return bitsOf(size, index.positions.subarray(from, Math.max(from, to)));
    },
    numberRanks(field, key) {
      const name = key === undefined ? field : `${field}\0${key}`;
      let found = ranks.get(name);
      if (found === undefined) {
        const numbers = new Float64Array(size).fill(NaN);
        if (key === undefined) {
          columnOf(field).forEach((value, i) => {
            if (typeof value === 'number') numbers[i] = value;
          });
        } else {
          const column = keyedColumn(collection.keyed, field, key);
          column?.positions.forEach(
            (position, i) => (numbers[position] = column.values[i] as number),
          );
        }
        found = denseRanks(numbers);
        ranks.set(name, found);
      }
      return found;
    },
  };
}

/**
 * The indexes of `collection`, made on first use and kept as long as the collection is, shared by
 * every language's view of it.
 *
 * @example indexesOf(dataset.items).equal('slot', 'head')
 */
export function indexesOf(collection: Collection<{ id: string }>): CollectionIndexes {
  let indexes = built.get(collection.ids);
  if (indexes === undefined) built.set(collection.ids, (indexes = buildIndexes(collection)));
  return indexes;
}
