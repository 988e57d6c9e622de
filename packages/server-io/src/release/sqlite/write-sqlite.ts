import { readFile } from 'node:fs/promises';
import sqlite from 'node-sqlite3-wasm';
import type { Dataset } from '@gamedata/core';
import type { ContentHashes } from '../content-hashes.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';
import { releaseTables } from './release-tables.js';
import { withScratchFile } from './scratch-file.js';
import { quoted, type TableSpec } from './sql-names.js';

/**
 * 4 KiB pages, SQLite's default: what sql.js-httpvfs reads over HTTP range requests a page at a time
 * (its virtual read heads grow a run of pages as a query reads on), and what `sqlite3` and Datasette
 * open as it is.
 */
export const SQLITE_PAGE_SIZE = 4096;

function fill(db: sqlite.Database, spec: TableSpec): void {
  if (spec.columns.length === 0) return;
  const insert = db.prepare(
    `INSERT INTO ${quoted(spec.name)} (${spec.columns.map(quoted).join(', ')}) VALUES (${spec.columns.map(() => '?').join(', ')})`,
  );
  try {
    for (const row of spec.rows()) insert.run(row);
  } finally {
    insert.finalize();
  }
}

/**
 * A release's SQLite file (`releaseTables`): every table made and filled in one transaction, foreign
 * keys enforced, each FTS5 index built, `ANALYZE`d for the query planner and `VACUUM`ed, so the same
 * release gives the same bytes. Written by SQLite compiled to WebAssembly (node-sqlite3-wasm), which
 * runs alike on every Node line, in a scratch file removed after.
 *
 * @example const bytes = await writeReleaseSqlite(dataset, contentHashes(dataset));
 */
export async function writeReleaseSqlite(
  dataset: Dataset,
  hashes: ContentHashes,
): Promise<Uint8Array<ArrayBuffer>> {
  return withScratchFile(async (path) => {
    const db = new sqlite.Database(path);
    try {
      db.exec(
        `PRAGMA page_size = ${SQLITE_PAGE_SIZE}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON; PRAGMA cache_size = -262144;`,
      );
      // Each page zeroed where it holds nothing: without it, a page's free space keeps whatever the
      // WebAssembly heap held there before, which compresses badly (6% more gzip on the demo's file).
      db.exec('PRAGMA secure_delete = ON;');
      const tables = releaseTables(dataset, hashes);
      db.exec('BEGIN');
      // Each table filled before its indexes are made: SQLite sorts each index once rather than
      // keeping it in order row by row (a third of the time at 100,000 items).
      const isIndex = (statement: string) => statement.startsWith('CREATE INDEX');
      for (const spec of tables) {
        for (const statement of spec.create.filter((sql) => !isIndex(sql))) db.exec(statement);
        fill(db, spec);
      }
      for (const statement of tables.flatMap((spec) => spec.create.filter(isIndex)))
        db.exec(statement);
      for (const statement of tables.flatMap((spec) => spec.after ?? [])) db.exec(statement);
      db.exec('COMMIT');
      db.exec(
        `PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}; ANALYZE; DELETE FROM sqlite_stat4; VACUUM;`,
      );
    } finally {
      db.close();
    }
    return new Uint8Array(await readFile(path));
  });
}
