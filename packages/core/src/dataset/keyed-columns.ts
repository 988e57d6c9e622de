/**
 * One family of numbers under one key of the stat vocabulary (an item's value of `might`, the low end
 * of its `might` roll): the positions of the records that have one, ascending, and their values.
 */
export interface KeyedColumn {
  readonly positions: readonly number[];
  readonly values: readonly number[];
}

/**
 * Numbers records hold under stat keys, by family (`stat`, `roll.min`, `roll.max`), then by key. Kept
 * apart from the records, like the filter columns, so ranges and sorts never parse a record.
 */
export type KeyedColumns = Readonly<Record<string, Readonly<Record<string, KeyedColumn>>>>;

/** How a record gives the numbers of each family it has: `[family, key, value]`. */
export type KeyedNumbers<T> = (record: T) => Iterable<readonly [string, string, number]>;

/**
 * The keyed columns of records in collection order.
 *
 * @example keyedColumnsOf([{ roll: { mgt: [1, 5] } }], itemNumbers)['roll.max']?.mgt // { positions: [0], values: [5] }
 */
export function keyedColumnsOf<T>(records: readonly T[], numbers: KeyedNumbers<T>): KeyedColumns {
  // Null-prototype maps: a key is any text of the vocabulary, `constructor` included.
  const families: Record<
    string,
    Record<string, { positions: number[]; values: number[] }>
  > = Object.create(null);
  records.forEach((record, position) => {
    for (const [family, key, value] of numbers(record)) {
      const keys = (families[family] ??= Object.create(null) as Record<string, never>);
      const column = (keys[key] ??= { positions: [], values: [] });
      column.positions.push(position);
      column.values.push(value);
    }
  });
  return families;
}

/**
 * The column of `family` under `key`, if any record has one. Own properties only: the columns may
 * come from parsed JSON, where `constructor` would otherwise find the prototype's.
 */
export function keyedColumn(
  columns: KeyedColumns,
  family: string,
  key: string,
): KeyedColumn | undefined {
  const keys = Object.hasOwn(columns, family) ? columns[family] : undefined;
  return keys !== undefined && Object.hasOwn(keys, key) ? keys[key] : undefined;
}
