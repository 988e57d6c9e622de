import { writeFile } from 'node:fs/promises';
import sqlite from 'node-sqlite3-wasm';
import type { Dataset } from '@gamedata/core';
import type { ContentHashes } from '../content-hashes.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';
import { releaseTables } from './release-tables.js';
import { withScratchFile } from './scratch-file.js';
import { openThreadDatabase, type SqlRow } from './thread-database.js';
import { quoted, type TableSpec } from './sql-names.js';

/** A problem a check found in a release's SQLite file: the check's name, then what it found. */
export class SqliteCheckError extends Error {
  constructor(check: string, found: string) {
    super(`${check}: ${found}`);
    this.name = 'SqliteCheckError';
  }
}

const shown = (row: unknown) => {
  // An integer past 2^53 comes back as a BigInt, which JSON has no form for.
  const text = JSON.stringify(row, (_, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** What reading a table against the release found: how many rows the release gives it, and the first of the table's that is not one of them. */
interface RowsRead {
  count: number;
  stray?: unknown[];
}

const cellsOf = (spec: TableSpec, found: unknown) =>
  spec.columns.map((column) => (found as Record<string, unknown>)[column]);

/** A table whose rows carry their `rowid`, read in its order beside the rows the release gives it in theirs. */
function readInOrder(db: sqlite.Database, spec: TableSpec): RowsRead {
  const select = db.prepare(
    `SELECT ${spec.columns.map(quoted).join(', ')} FROM ${quoted(spec.name)} ORDER BY "rowid"`,
  );
  const expected = spec.rows()[Symbol.iterator]();
  let count = 0;
  let stray: unknown[] | undefined;
  try {
    for (const found of select.iterate()) {
      const row = cellsOf(spec, found);
      const given = expected.next();
      // Cells are text, numbers or NULL: a number read back from a REAL column equals the integer written.
      if (given.done || row.some((cell, i) => cell !== given.value[i])) {
        stray = row;
        if (!given.done) count++;
        break;
      }
      count++;
    }
  } finally {
    select.finalize();
  }
  while (!expected.next().done) count++;
  return { count, ...(stray ? { stray } : {}) };
}

/** A table read against the rows the release gives it, as multisets. */
function readAsMultiset(db: sqlite.Database, spec: TableSpec): RowsRead {
  const expected = new Map<string, number>();
  let count = 0;
  for (const row of spec.rows()) {
    const key = JSON.stringify(row);
    expected.set(key, (expected.get(key) ?? 0) + 1);
    count++;
  }
  const select = db.prepare(
    `SELECT ${spec.columns.map(quoted).join(', ')} FROM ${quoted(spec.name)}`,
  );
  try {
    for (const found of select.iterate()) {
      const row = cellsOf(spec, found);
      const key = JSON.stringify(row);
      const left = expected.get(key);
      if (!left) return { count, stray: row };
      expected.set(key, left - 1);
    }
  } finally {
    select.finalize();
  }
  return { count };
}

/**
 * A table's rows against those the release gives it: as many (checked first, so a table with rows
 * missing says so); and with `everyRow`, every row there, none more, none altered — in `rowid` order
 * where the table has one, else as multisets.
 */
function checkRows(db: sqlite.Database, spec: TableSpec, everyRow: boolean): void {
  let read: RowsRead = { count: 0 };
  if (!everyRow) for (const _ of spec.rows()) read.count++;
  else read = spec.columns[0] === 'rowid' ? readInOrder(db, spec) : readAsMultiset(db, spec);
  const { n } = db.get(`SELECT count(*) AS n FROM ${quoted(spec.name)}`) as { n: number };
  if (n !== read.count)
    throw new SqliteCheckError(
      'rows',
      `table ${spec.name} holds ${n} rows, not the release's ${read.count}`,
    );
  if (read.stray)
    throw new SqliteCheckError(
      'rows',
      `table ${spec.name} holds a row that is not the release's: ${shown(read.stray)}`,
    );
}

/** A failure that names no check (SQLite refusing to read a page of a file too damaged to check) is `integrity_check`'s. */
function asCheckError(error: unknown): SqliteCheckError {
  if (error instanceof SqliteCheckError) return error;
  return new SqliteCheckError('integrity_check', (error as Error).message);
}

/**
 * The checks that need only the file, on a thread of their own (`openThreadDatabase`), in one batch
 * that runs however busy this thread is: SQLite's `integrity_check` and `foreign_key_check`, the
 * layout's version, and each of the release's FTS5 indexes (`searches`) against its content.
 */
async function checkFile(path: string, searches: readonly string[]): Promise<void> {
  // Read and write: FTS5's own check is a command written as an INSERT (it writes nothing).
  const db = openThreadDatabase(path);
  try {
    const { results, failure } = await db.run([
      'PRAGMA integrity_check',
      'PRAGMA foreign_key_check',
      'PRAGMA user_version',
      // integrity_check reads an FTS5 index as an index; this reads it against its content.
      ...searches.map(
        (name) =>
          `INSERT INTO ${quoted(name)} (${quoted(name)}, rank) VALUES ('integrity-check', 1)`,
      ),
    ]);
    const [integrity, orphans, version] = results as [
      SqlRow[] | undefined,
      Array<{ table: string; parent: string }> | undefined,
      Array<{ user_version: number }> | undefined,
    ];
    const found = integrity?.map((row) => Object.values(row)[0]);
    if (found && found.join() !== 'ok')
      throw new SqliteCheckError('integrity_check', found.slice(0, 5).join('; '));
    if (orphans?.[0])
      throw new SqliteCheckError(
        'foreign_key_check',
        `${orphans.length} rows name a missing row, the first of ${orphans[0].table} one of ${orphans[0].parent}`,
      );
    const fts = searches[results.length - 3];
    if (failure !== undefined && fts !== undefined)
      throw new SqliteCheckError('fts', `${fts} does not index its content as it is: ${failure}`);
    // SQLite refusing to read a page: a file too damaged to check.
    if (failure !== undefined) throw new SqliteCheckError('integrity_check', failure);
    const layout = version?.[0]?.user_version;
    if (layout !== SQLITE_SCHEMA_VERSION)
      throw new SqliteCheckError(
        'user_version',
        `the file's layout is version ${String(layout)}, not ${SQLITE_SCHEMA_VERSION}`,
      );
  } catch (error) {
    throw asCheckError(error);
  } finally {
    await db.close();
  }
}

/**
 * Checks a release's SQLite file: SQLite's own `integrity_check` and `foreign_key_check` clean, and
 * each FTS5 index against its content (FTS5's `integrity-check`); the layout's version in `PRAGMA
 * user_version`; every table as many rows as the release gives it (`releaseTables`), so none is
 * emptied; each collection's own table row by row, its typed columns (every language's text among
 * them) and each `json` the bytes the API serves. With `everyTable` (`verify`), every other table row
 * by row too: child rows and their text. Throws a `SqliteCheckError` naming the check that failed —
 * the file's own checks first. Those run on a thread of their own while this one reads the rows, each
 * on a copy of its own (node-sqlite3-wasm locks a file it has open, even to read it).
 */
export async function checkReleaseSqlite(
  bytes: Uint8Array,
  dataset: Dataset,
  hashes: ContentHashes,
  everyTable = false,
): Promise<void> {
  await withScratchFile(async (path) => {
    const rowsCopy = `${path}.rows`;
    await Promise.all([writeFile(path, bytes), writeFile(rowsCopy, bytes)]);
    const tables = releaseTables(dataset, hashes);
    const searches = tables.flatMap((spec) =>
      spec.create.some((sql) => sql.includes(' USING fts5(')) ? [spec.name] : [],
    );
    const file = checkFile(path, searches);
    // Awaited below, after the rows: a failure of both reports the file's.
    file.catch(() => {});
    let rows: SqliteCheckError | undefined;
    let db: sqlite.Database | undefined;
    try {
      db = new sqlite.Database(rowsCopy);
      for (const spec of tables)
        if (spec.columns.length > 0) checkRows(db, spec, everyTable || spec.records === true);
    } catch (error) {
      rows = asCheckError(error);
    } finally {
      db?.close();
    }
    await file;
    if (rows) throw rows;
  });
}
