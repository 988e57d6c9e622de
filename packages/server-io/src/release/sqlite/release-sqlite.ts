import { constants } from 'node:zlib';
import { sqliteFileName, type Dataset } from '@gamedata/core';
import { brotliLater, gzipLater } from '../compress-later.js';
import { sha256, type ContentHashes } from '../content-hashes.js';
import type { SqliteFileEntry } from '../release-manifest.js';
import { checkReleaseSqlite } from './check-sqlite.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';
import { writeReleaseSqlite } from './write-sqlite.js';

/** A release's SQLite file, checked, and its gzip and br forms: the files to write, and what its manifest records of them. */
export interface ReleaseSqlite {
  files: Record<string, Uint8Array<ArrayBuffer>>;
  entry: SqliteFileEntry;
}

/**
 * gzip level 6 and brotli quality 5 with a 16 MB window: the file is written anew for every release, so
 * its forms are made in seconds at 100,000 items rather than the minute quality 9 takes, for a few
 * percent more bytes (bench/README.md, "SQLite file").
 */
const GZIP_LEVEL = 6;
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 5,
  [constants.BROTLI_PARAM_LGWIN]: 24,
};

/**
 * Writes a release's SQLite file and checks it (`checkReleaseSqlite`) before anything is published — a
 * file that fails a check refuses the publish, naming the check — and compresses it once, as every
 * download of it is sent: off the main thread (`gzipLater`) while the checks run.
 */
export async function releaseSqlite(
  dataset: Dataset,
  hashes: ContentHashes,
  step: (step: string) => void = () => {},
  /** The caller's work on this thread, between writing and checking: its step comes in between. */
  meanwhile: Promise<void> = Promise.resolve(),
): Promise<ReleaseSqlite> {
  const file = sqliteFileName(dataset.meta.version);
  step('the SQLite file');
  const bytes = await writeReleaseSqlite(dataset, hashes);
  await meanwhile;
  step('the SQLite file: its checks');
  const forms = Promise.all([
    gzipLater(bytes, GZIP_LEVEL),
    brotliLater(bytes, { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length }),
  ]);
  // A refused file's forms are dropped unawaited: no rejection of theirs goes unhandled.
  forms.catch(() => {});
  try {
    await checkReleaseSqlite(bytes, dataset, hashes);
  } catch (error) {
    throw new Error(`${file}, as written, fails its checks: ${(error as Error).message}`, {
      cause: error,
    });
  }
  step('the SQLite file, compressed');
  const [gzip, br] = await forms;
  const form = (suffix: string, body: Uint8Array) => ({
    file: `${file}${suffix}`,
    bytes: body.length,
    sha256: sha256(body),
  });
  const entry: SqliteFileEntry = {
    file,
    bytes: bytes.length,
    sha256: sha256(bytes),
    schema: SQLITE_SCHEMA_VERSION,
    encoded: { gzip: form('.gz', gzip), br: form('.br', br) },
  };
  return { files: { [file]: bytes, [`${file}.gz`]: gzip, [`${file}.br`]: br }, entry };
}
