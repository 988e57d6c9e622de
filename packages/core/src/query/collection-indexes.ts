import type { Collection } from '../dataset/collection.js';
import { keyedColumn } from '../dataset/keyed-columns.js';
import { bitsOf, emptyBits, orInto, type Bitset } from '../bitset.js';
import type { FilterIndexes } from '../collections/filters.js';
import { SharedByIds } from './shared-by-ids.js';
import { bytesOf, countDerived } from '../dataset/derived-memory.js';
import { foldCase } from '../text/fold-case.js';

/** The values of one keyed column in value order, with the position of each: what ranges slice. */
export interface ByValue {
  readonly values: Float64Array;
  readonly positions: Int32Array;
}

/** Codes, one per record: as narrow as the codes allow, so that reading a record's is cheap. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** Each record's value of one column as a number: 0 for none, else 1 + its index in `values`. */
export interface ValueCodes {
  readonly values: ReadonlyArray<string | number | boolean>;
  readonly codes: Codes;
}

/**
 * The keys each record has a number under in one keyed family, record by record: record `p`'s are
 * `codes[starts[p]]` up to `codes[starts[p + 1]]`, each an index into `keys`, once each.
 */
export interface KeysByRecord {
  readonly keys: readonly string[];
  readonly starts: Int32Array;
  readonly codes: Codes;
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
export interface CollectionIndexes extends FilterIndexes {
  /** The distinct values of `field`'s column (text lower-cased) and the records holding each. */
  values(field: string): ReadonlyMap<string | number | boolean, Bitset>;
  /** `field`'s column as value codes, the values in the order `values(field)` gives them. */
  codes(field: string): ValueCodes;
  /** The keys of `family` each record has (a keyed column lists a record once a key). */
  keysByRecord(family: string): KeysByRecord;
  /** The records that have a number of `family` under `key`. Do not modify it. */
  has(family: string, key: string): Bitset;
  /** Ranks of the records by a numeric column, or by a keyed column (`family`, `key`). */
  numberRanks(field: string, key?: string): Ranks;
  /** A numeric column, or a keyed column (`family`, `key`), in value order, ties by position. */
  byValue(field: string, key?: string): ByValue | undefined;
}

// By the ids, which every language's view of a collection shares with it: the indexes read nothing
// a translation changes.
const built = new SharedByIds<CollectionIndexes>();

/** Dense ranks from values in ascending order: equal values share a rank; a position absent has -1. */
function denseRanks(size: number, { values, positions }: ByValue): Ranks {
  const ranks = new Int32Array(size).fill(-1);
  let rank = -1;
  for (let i = 0; i < values.length; i++) {
    if (i === 0 || values[i] !== values[i - 1]) rank++;
    ranks[positions[i] as number] = rank;
  }
  return ranks;
}

/** `values` (one per position of `positions`) in ascending order, ties by position. */
function sortedByValue(positions: ArrayLike<number>, values: ArrayLike<number>): ByValue {
  const order = Array.from({ length: positions.length }, (_, i) => i).sort(
    (a, b) =>
      (values[a] as number) - (values[b] as number) ||
      (positions[a] as number) - (positions[b] as number),
  );
  return {
    values: Float64Array.from(order, (i) => values[i] as number),
    positions: Int32Array.from(order, (i) => positions[i] as number),
  };
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

/** A column value as the indexes key it: text case-folded (`foldCase`). */
function valueKey(value: string | number | boolean): string | number | boolean {
  return typeof value === 'string' ? foldCase(value) : value;
}

/** `length` codes, each up to `top`, in the narrowest array that holds them. */
export function codesFor(top: number, length: number): Codes {
  if (top <= 0xff) return new Uint8Array(length);
  return top <= 0xffff ? new Uint16Array(length) : new Uint32Array(length);
}

/**
 * Where the values within `min`..`max` lie in `index`: from the first of them to just past the last
 * (`from` = `to` when none is).
 */
export function spanOf({ values }: ByValue, min: number, max: number): [from: number, to: number] {
  const from = lowerBound(values, min, false);
  return [from, Math.max(from, lowerBound(values, max, true))];
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
        const value = valueKey(raw);
        let list = positions.get(value);
        if (list === undefined) positions.set(value, (list = []));
        list.push(position);
      });
      sets = new Map([...positions].map(([value, list]) => [value, bitsOf(size, list)]));
      countDerived(collection, bytesOf(...sets.values()));
      valueSets.set(field, sets);
    }
    return sets;
  };
  /** A keyed column (`family`, `key`), or a numeric column (`family` alone), in value order. */
  const byValue = (family: string, key?: string): ByValue | undefined => {
    const name = key === undefined ? family : `${family}\0${key}`;
    if (!sorted.has(name)) {
      let index: ByValue | undefined;
      if (key === undefined) {
        const positions: number[] = [];
        const values: number[] = [];
        columnOf(family).forEach((value, position) => {
          if (typeof value === 'number') {
            positions.push(position);
            values.push(value);
          }
        });
        index = sortedByValue(positions, values);
      } else {
        const column = keyedColumn(collection.keyed, family, key);
        if (column !== undefined) index = sortedByValue(column.positions, column.values);
      }
      if (index) countDerived(collection, bytesOf(index.values, index.positions));
      sorted.set(name, index);
    }
    return sorted.get(name);
  };
  const empty = emptyBits(size);
  const has = (family: string, key: string) => {
    const name = `${family}\0${key}`;
    let bits = hasSets.get(name);
    if (bits === undefined) {
      bits = bitsOf(size, keyedColumn(collection.keyed, family, key)?.positions ?? []);
      countDerived(collection, bytesOf(bits));
      hasSets.set(name, bits);
    }
    return bits;
  };
  const unions = new Map<string, Bitset>();
  const codes = new Map<string, ValueCodes>();
  const keysByRecord = new Map<string, KeysByRecord>();

  return {
    values,
    equal: (field, value) => values(field).get(value) ?? empty,
    anyOf(field, wanted) {
      const name = JSON.stringify([field, wanted]);
      let bits = unions.get(name);
      if (bits === undefined) {
        bits = emptyBits(size);
        for (const value of wanted) orInto(bits, values(field).get(value) ?? empty);
        countDerived(collection, bytesOf(bits));
        unions.set(name, bits);
      }
      return bits;
    },
    codes(field) {
      let found = codes.get(field);
      if (found === undefined) {
        // Codes in the order values first appear, as `values` lists them; text lower-cased.
        const codeOf = new Map<string | number | boolean, number>();
        const raw = columnOf(field);
        raw.forEach((value) => {
          if (value === null) return;
          const key = valueKey(value);
          if (!codeOf.has(key)) codeOf.set(key, codeOf.size + 1);
        });
        const column = codesFor(codeOf.size, size);
        raw.forEach((value, p) => {
          if (value !== null) column[p] = codeOf.get(valueKey(value))!;
        });
        countDerived(collection, bytesOf(column));
        codes.set(field, (found = { values: [...codeOf.keys()], codes: column }));
      }
      return found;
    },
    keysByRecord(family) {
      let found = keysByRecord.get(family);
      if (found === undefined) {
        const columns = Object.hasOwn(collection.keyed, family) ? collection.keyed[family]! : {};
        const keys = Object.keys(columns);
        const starts = new Int32Array(size + 1);
        for (const key of keys) for (const p of columns[key]!.positions) starts[p + 1]!++;
        for (let p = 0; p < size; p++) starts[p + 1]! += starts[p] as number;
        const filled = starts.slice(0, size);
        const keyCodes = codesFor(keys.length - 1, starts[size] as number);
        keys.forEach((key, index) => {
          for (const p of columns[key]!.positions) keyCodes[filled[p]!++] = index;
        });
        countDerived(collection, bytesOf(starts, keyCodes));
        keysByRecord.set(family, (found = { keys, starts, codes: keyCodes }));
      }
      return found;
    },
    has,
    numberRanks(field, key) {
      const name = key === undefined ? field : `${field}\0${key}`;
      let found = ranks.get(name);
      if (found === undefined) {
        const index = byValue(field, key);
        found = index ? denseRanks(size, index) : new Int32Array(size).fill(-1);
        countDerived(collection, bytesOf(found));
        ranks.set(name, found);
      }
      return found;
    },
    byValue,
  };
}

/**
 * The indexes of `collection`, made on first use and kept as long as the collection is, shared by
 * every language's view of it.
 *
 * @example indexesOf(dataset.items).equal('slot', 'head')
 */
export function indexesOf(collection: Collection<{ id: string }>): CollectionIndexes {
  return built.of(collection, () => buildIndexes(collection));
}
