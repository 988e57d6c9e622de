/**
 * Each filterable field's values, index-aligned with the records, null where a record has none. Kept
 * apart from the records, so filtering never needs a whole record: a collection read from a snapshot
 * can then leave its records unparsed until one is served. A field no record has has no column.
 */
export type FilterColumns = Readonly<
  Record<string, ReadonlyArray<string | number | boolean | null>>
>;

/** A public collection, ordered by id, with what filtering needs computed once at load. */
export interface Collection<T extends { id: string }> {
  /** How many records it holds. */
  readonly size: number;
  /** The record at `index` in id order (0 ≤ index < size). */
  at(index: number): T;
  /**
   * The record's JSON as stored, where the collection keeps it (one read from a snapshot): a page can
   * then be written without parsing its records and serialising them again.
   */
  json?(index: number): Uint8Array;
  /**
   * Every record's JSON as stored, in order, where the collection keeps it: read once, without
   * keeping what was not kept already (`StoredRecords.scan`).
   */
  scanJson?(visit: (index: number, json: Uint8Array) => void): void;
  /** The record with `id`, or undefined when there is none. */
  get(id: string): T | undefined;
  /** Record ids in id order. */
  readonly ids: readonly string[];
  /** The filterable fields, column by column. */
  readonly columns: FilterColumns;
  /** Numbers the records hold under stat keys (an item's stat values and roll bounds), for ranges and sorts. */
  readonly keyed: KeyedColumns;
  /** Names case-folded (`foldCase`), index-aligned with the records, for the `q` filter. */
  readonly searchNames: readonly string[];
  /** Which of `searchNames` contain a text, without reading every one. */
  readonly nameIndex: NameIndex;
  /**
   * Every record in id order. From a snapshot, the first use parses every record; serving a request
   * uses `at`, which parses only what it sends.
   */
  readonly records: readonly T[];
}

import { keyedColumnsOf, type KeyedColumns, type KeyedNumbers } from './keyed-columns.js';
import { createNameIndex, type NameIndex } from './name-index.js';
import { countDerived } from './derived-memory.js';
import { foldCase } from '../text/fold-case.js';

/** Code-unit order of ids: the documented order of every list. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The position of `id` among ids in id order, by binary search; -1 when it is not there. */
export function positionOfId(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const midId = ids[mid] as string;
    if (midId === id) return mid;
    if (compareIds(midId, id) < 0) low = mid + 1;
    else high = mid;
  }
  return -1;
}

/** The record with `id`; `at` reads the record at a position. */
export function findById<T>(
  ids: readonly string[],
  id: string,
  at: (index: number) => T,
): T | undefined {
  const position = positionOfId(ids, id);
  return position < 0 ? undefined : at(position);
}

/** The columns of `fields`, from records in collection order. */
export function filterColumnsOf<T extends object>(
  records: readonly T[],
  fields: readonly string[],
): FilterColumns {
  const columns: Record<string, ReadonlyArray<string | number | boolean | null>> = {};
  for (const field of fields) {
    const values = records.map((record) => (record as Record<string, unknown>)[field]);
    if (values.some((value) => value !== undefined)) {
      columns[field] = values.map((value) =>
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : null,
      );
    }
  }
  return columns;
}

/**
 * A collection over records that are already in id order and in memory, with a column for each of
 * `columnFields` (the fields its filters read) and the keyed columns of `numbers`.
 *
 * @example indexCollection([{ id: 'axe', name: 'Axe', slot: 'mainhand' }], ['slot']).columns.slot // ['mainhand']
 */
export function indexCollection<T extends { id: string; name: string }>(
  records: readonly T[],
  columnFields: readonly string[],
  numbers: KeyedNumbers<T> = () => [],
): Collection<T> {
  const ids = records.map((record) => record.id);
  const at = (index: number) => records[index] as T;
  const searchNames = records.map((record) => foldCase(record.name));
  return {
    size: records.length,
    at,
    get: (id) => findById(ids, id, at),
    ids,
    columns: filterColumnsOf(records, columnFields),
    keyed: keyedColumnsOf(records, numbers),
    searchNames,
    nameIndex: createNameIndex(searchNames, (bytes) => countDerived({ ids }, bytes)),
    records,
  };
}
