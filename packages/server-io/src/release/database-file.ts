import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReleaseDatabase } from '@gamedata/core/runtime';
import { lazyStream } from './lazy-stream.js';
import type { SqliteFileEntry } from './release-manifest.js';
import { SQLITE_SCHEMA_VERSION } from './sqlite/layout-version.js';
import { sqliteGuide, type GuidedDataset } from './sqlite/sqlite-guide.js';

export type { SqliteFileEntry } from './release-manifest.js';

/** Reads `start` to `end` (exclusive) of a file, opened when the stream is first read. */
export type RangeReader = (name: string, start: number, end: number) => ReadableStream<Uint8Array>;

/** The bytes of the files of a directory, read in ranges as they are sent. */
export const directoryRanges =
  (dir: string): RangeReader =>
  (name, start, end) =>
    lazyStream(
      () =>
        Readable.toWeb(
          createReadStream(join(dir, name), { start, end: end - 1 }),
        ) as ReadableStream<Uint8Array>,
    );

/**
 * A release's SQLite file as a server serves it: what its manifest records, and its bytes and their
 * compressed forms read by `read` a range at a time as an answer is sent, and what /docs says of it
 * (`sqliteGuide`, from the release's `dataset`). Checked by `verify`, not at every start: hashing the
 * file would read it whole.
 */
export function releaseDatabase(
  { file, bytes, sha256, schema, encoded }: SqliteFileEntry,
  read: RangeReader,
  dataset: GuidedDataset,
): ReleaseDatabase {
  const whole = (form: { file: string; bytes: number }) => ({
    bytes: form.bytes,
    read: () => read(form.file, 0, form.bytes),
  });
  return {
    file,
    bytes,
    sha256,
    schema,
    read: (start, end) => read(file, start, end),
    encoded: { gzip: whole(encoded.gzip), br: whole(encoded.br) },
    // /docs describes a file of the layout this server writes, not one an upgrade has yet to rewrite.
    ...(schema === SQLITE_SCHEMA_VERSION ? { guide: sqliteGuide(dataset) } : {}),
  };
}
