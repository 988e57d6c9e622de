import type { EdgeObject } from './edge-files.js';

/**
 * The file that names the release being served (README, "Publishing a dataset"); the other releases
 * are never changed once written.
 */
export const CURRENT_FILE = 'CURRENT';

/**
 * Beside `CURRENT`: every `pnpm publish-dataset use`, in the order made (`ReleaseUse`), as JSON, so
 * that the feed tells rollbacks too. Publishes need no such record: each is a release of its own.
 */
export const USES_FILE = 'uses.json';

/** The files of one release. The manifest holds the SHA-256 of each of the others. */
export const RELEASE_FILES = {
  manifest: 'manifest.json',
  /** The public dataset, its sprites, change history and bulk files, as servers load it (`decodeSnapshot`). */
  snapshot: 'dataset.snapshot',
  /** Every changed value against the previous release (`ReleaseDiff`). */
  diff: 'diff.json',
  /**
   * The hash of every record, sprite and translation (`ContentHashes`), by which the change feed
   * compares any two releases without loading either. Absent from releases published before it: their
   * manifest holds the hashes.
   */
  hashes: 'hashes.json',
} as const;

/**
 * What `CURRENT` holds, and a tag that changes whenever it does (an S3 ETag, or the text itself in a
 * directory), to ask later whether it changed.
 */
export interface CurrentPointer {
  /** The file's text; `undefined` before the first release. */
  text: string | undefined;
  tag: string | undefined;
}

/** What putting a release's edge objects into a store did. */
export interface EdgeUpload {
  /** Objects written: those not there yet, and those replaced. */
  written: number;
  /** Objects there already, left as they were. */
  kept: number;
}

/**
 * Where releases are kept — a directory or an S3 bucket and prefix — as the release operations
 * (`release-store.ts`) use it: files by release and name, and `CURRENT`. A release is complete once
 * its manifest is written; a store lists only complete releases and never changes one.
 */
export interface ReleaseStore {
  /** The releases setting this store was opened from: the directory, or `s3://bucket/prefix`. */
  readonly location: string;
  /** Where one release is, for messages: its directory, or `s3://bucket/prefix/version`. */
  releaseLocation(version: string): string;
  /** The versions of the complete releases, in no particular order. */
  listVersions(): Promise<string[]>;
  /** `CURRENT`. */
  readCurrent(): Promise<CurrentPointer>;
  /** `CURRENT`, or `'unchanged'` when its tag is still `since` (a tag `readCurrent` gave). */
  readCurrentIfChanged(since: string | undefined): Promise<CurrentPointer | 'unchanged'>;
  /**
   * Where a release's file is on this machine, for a store that keeps files (a directory), so that a
   * server holds only the part of a snapshot it serves with at once (`readSnapshotFile`). A bucket has
   * no such method: its objects are read whole.
   */
  localPath?(version: string, name: string): string;
  /**
   * A file of a release, or `undefined` when there is no such file. `onChunk` is given its bytes in
   * order as they arrive, so that a caller hashes them while the rest is still being read.
   */
  readFile(
    version: string,
    name: string,
    onChunk?: (chunk: Uint8Array) => void,
  ): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /**
   * The bytes of a release's file from `start` to `end` (exclusive), read as they are sent: the file is
   * opened, or asked for, when the stream is first read, and never held whole.
   */
  readRange(version: string, name: string, start: number, end: number): ReadableStream<Uint8Array>;
  /** Writes a release's files, the manifest last; refuses a version that exists. */
  writeRelease(version: string, files: Readonly<Record<string, Uint8Array>>): Promise<void>;
  /**
   * Replaces files of an existing release (`pnpm publish-dataset upgrade`), the manifest last, each
   * whole: a reader sees each file's old bytes or its new ones, never a part.
   */
  replaceFiles(version: string, files: Readonly<Record<string, Uint8Array>>): Promise<void>;
  /** Replaces `CURRENT` whole: a reader sees the old text or the new. */
  writeCurrent(text: string): Promise<void>;
  /** `uses.json`'s text, or `undefined` when no release was ever used again. */
  readUses(): Promise<string | undefined>;
  /** Replaces `uses.json` whole. */
  writeUses(text: string): Promise<void>;
  /**
   * Puts the objects the edge serves (`edgeObjects`) under `<prefix>/edge/`: those not there yet, and
   * those whose key is in `replace` (sprites given new bytes) again. Only a bucket has an edge; a
   * directory store has no such method.
   */
  putEdgeObjects?(
    objects: readonly EdgeObject[],
    replace: ReadonlySet<string>,
  ): Promise<EdgeUpload>;
}
