import type { Dataset } from '@gamedata/core';
import { sha256, type ContentHashes } from '../content-hashes.js';
import type { SqliteFileEntry } from '../release-manifest.js';
import { checkReleaseSqlite } from './check-sqlite.js';
import { SQLITE_SCHEMA_VERSION, sqliteFileName } from './release-tables.js';
import { writeReleaseSqlite } from './write-sqlite.js';

/** A release's SQLite file, checked, with what its manifest records of it. */
export interface ReleaseSqlite {
  file: string;
  bytes: Uint8Array<ArrayBuffer>;
  entry: SqliteFileEntry;
}

/**
 * Writes a release's SQLite file and checks it (`checkReleaseSqlite`) before anything is published: a
 * file that fails a check refuses the publish, naming the check.
 */
export async function releaseSqlite(
  dataset: Dataset,
  hashes: ContentHashes,
): Promise<ReleaseSqlite> {
  const file = sqliteFileName(dataset.meta.version);
  const bytes = await writeReleaseSqlite(dataset, hashes);
  try {
    await checkReleaseSqlite(bytes, dataset, hashes);
  } catch (error) {
    throw new Error(`${file}, as written, fails its checks: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    file,
    bytes,
    entry: { file, bytes: bytes.length, sha256: sha256(bytes), schema: SQLITE_SCHEMA_VERSION },
  };
}
