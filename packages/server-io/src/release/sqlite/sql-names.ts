/** An identifier as SQL quotes it: every table and column name is written so, whatever it holds. */
export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A value as an SQLite cell holds it: numbers and text as they are, a flag as 0 or 1, absent as NULL. */
export type SqlValue = string | number | null;

/** One table of the file: how it is made, its columns in order, and its rows as the release gives them. */
export interface TableSpec {
  readonly name: string;
  /** `CREATE TABLE`, then its indexes. */
  readonly create: readonly string[];
  readonly columns: readonly string[];
  rows(): Iterable<SqlValue[]>;
  /** A collection's own table, a row a record with its JSON as served: checked row by row before every publish. */
  readonly records?: true;
  /** What fills it once every table has its rows: an FTS5 table's index of its content table. */
  readonly after?: readonly string[];
}

/** What a cell of a scalar field holds: `true`/`false` as 1/0, anything absent as NULL. */
export function cell(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}
