import { writeFile } from 'node:fs/promises';
import sqlite from 'node-sqlite3-wasm';
import type { Dataset } from '@gamedata/core';
import type { ContentHashes } from '../content-hashes.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';
import { releaseTables } from './release-tables.js';
import { withScratchFile } from './scratch-file.js';
import { quoted, type TableSpec } from './sql-names.js';

/** A problem a check found in a release's SQLite file: the check's name, then what it found. */
export class SqliteCheckError extends Error {
  constructor(check: string, found: string) {
    super(`${check}: ${found}`);
    this.name = 'SqliteCheckError';
  }
}

const shown = (row: unknown) => {
  const text = JSON.stringify(row);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/**
 * A table's rows against those the release gives it: as many; and with `everyRow`, as multisets —
 * every row there, none more, none altered.
 */
function checkRows(db: sqlite.Database, spec: TableSpec, everyRow: boolean): void {
  const expected = new Map<string, number>();
  let count = 0;
  for (const row of spec.rows()) {
    if (everyRow) {
      const key = JSON.stringify(row);
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    count++;
  }
  const { n } = db.get(`SELECT count(*) AS n FROM ${quoted(spec.name)}`) as { n: number };
  if (n !== count)
    throw new SqliteCheckError(
      'rows',
      `table ${spec.name} holds ${n} rows, not the release's ${count}`,
    );
  if (!everyRow) return;
  const select = db.prepare(
    `SELECT ${spec.columns.map(quoted).join(', ')} FROM ${quoted(spec.name)}`,
  );
  try {
    for (const found of select.iterate()) {
      const row = spec.columns.map((column) => (found as Record<string, unknown>)[column]);
      const key = JSON.stringify(row);
      const left = expected.get(key);
      if (!left)
        throw new SqliteCheckError(
          'rows',
          `table ${spec.name} holds a row that is not the release's: ${shown(row)}`,
        );
      expected.set(key, left - 1);
    }
  } finally {
    select.finalize();
  }
}

/**
 * Checks a release's SQLite file: SQLite's own `integrity_check` and `foreign_key_check` clean, and
 * each FTS5 index against its content (FTS5's `integrity-check`); the layout's version in `PRAGMA user_version`; every table as many rows
 * as the release gives it (`releaseTables`), so none is emptied; each collection's own table row by
 * row, its typed columns (every language's text among them) and each `json` the bytes the API
 * serves. With `everyTable` (`verify`), every other table row by row too: child rows and their text. Throws a
 * `SqliteCheckError` naming the check that failed.
 */
export async function checkReleaseSqlite(
  bytes: Uint8Array,
  dataset: Dataset,
  hashes: ContentHashes,
  everyTable = false,
): Promise<void> {
  await withScratchFile(async (path) => {
    await writeFile(path, bytes);
    // Read and write: FTS5's own check is a command written as an INSERT (it writes nothing).
    const db = new sqlite.Database(path);
    try {
      const integrity = db.all('PRAGMA integrity_check').map((row) => Object.values(row)[0]);
      if (integrity.join() !== 'ok')
        throw new SqliteCheckError('integrity_check', integrity.slice(0, 5).join('; '));
      const orphans = db.all('PRAGMA foreign_key_check') as Array<{
        table: string;
        parent: string;
      }>;
      if (orphans[0])
        throw new SqliteCheckError(
          'foreign_key_check',
          `${orphans.length} rows name a missing row, the first of ${orphans[0].table} one of ${orphans[0].parent}`,
        );
      // integrity_check reads an FTS5 index as an index; this reads it against its content.
      const searches = db
        .all(`SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%'`)
        .map((row) => row.name as string);
      for (const fts of searches)
        try {
          db.run(`INSERT INTO ${quoted(fts)} (${quoted(fts)}, rank) VALUES ('integrity-check', 1)`);
        } catch (error) {
          throw new SqliteCheckError(
            'fts',
            `${fts} does not index its content as it is: ${(error as Error).message}`,
          );
        }
      const { user_version: version } = db.get('PRAGMA user_version') as { user_version: number };
      if (version !== SQLITE_SCHEMA_VERSION)
        throw new SqliteCheckError(
          'user_version',
          `the file's layout is version ${version}, not ${SQLITE_SCHEMA_VERSION}`,
        );
      for (const spec of releaseTables(dataset, hashes))
        if (spec.columns.length > 0) checkRows(db, spec, everyTable || spec.records === true);
    } catch (error) {
      // SQLite's own refusal to read a page (a file too damaged to check) names no check: this one.
      if (error instanceof SqliteCheckError) throw error;
      throw new SqliteCheckError('integrity_check', (error as Error).message);
    } finally {
      db.close();
    }
  });
}
