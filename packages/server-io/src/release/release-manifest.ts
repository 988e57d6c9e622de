import type { LanguageCoverage } from '@gamedata/core';
import type { ContentHashes } from './content-hashes.js';

/**
 * A release's `manifest.json`: what it is, what it was compared against, the hash of its content and
 * the SHA-256 of its files. The hash of every record, sprite and translation is in `hashes.json`, read
 * only when releases are compared, so that loading a release to serve it parses a few kilobytes here.
 */
export interface ReleaseManifest {
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  /** The release this one was compared against; `null` for the first. */
  previous: string | null;
  /** The hash of the whole release's content (`ContentHashes.hash`): two releases with one hash serve the same bytes. */
  hash: string;
  /** SHA-256 of each other file of the release, by name. */
  files: Record<string, string>;
  /** Each collection's bulk file in the default language (held in the snapshot): records, uncompressed size and SHA-256. */
  bulk: Record<string, { count: number; bytes: number; sha256: string }>;
  /**
   * The same for each translated language's bulk files, by its tag (absent from releases without
   * translations, and from releases published before bulk files per language).
   */
  translatedBulk?: Record<string, Record<string, { count: number; bytes: number; sha256: string }>>;
  /**
   * The release's SQLite file (`gamedata-<version>.sqlite`, also among `files`): its name, size, SHA-256
   * and layout version. Absent from releases published before the file; `upgrade` writes theirs.
   */
  sqlite?: SqliteFileEntry;
  /** The language of the records' text (absent from releases published before languages). */
  language?: string;
  /** Each translation's coverage, by language (absent from releases published before translations). */
  coverage?: Record<string, LanguageCoverage>;
}

/** A manifest's fields in the order they are written: the order of `ReleaseManifest`. */
const MANIFEST_FIELDS = [
  'version',
  'published',
  'previous',
  'hash',
  'files',
  'sqlite',
  'bulk',
  'translatedBulk',
  'language',
  'coverage',
] as const satisfies ReadonlyArray<keyof ReleaseManifest>;

/**
 * A manifest's bytes, its fields in one order (any it does not know after them) whichever writer
 * made it: `publish` and `upgrade` write one release's manifest byte for byte alike.
 */
export function encodeManifest(manifest: ReleaseManifest): Uint8Array {
  const known = new Set<string>(MANIFEST_FIELDS);
  const ordered = {
    ...Object.fromEntries(MANIFEST_FIELDS.map((field) => [field, manifest[field]])),
    ...Object.fromEntries(Object.entries(manifest).filter(([field]) => !known.has(field))),
  };
  return new TextEncoder().encode(`${JSON.stringify(ordered, null, 2)}\n`);
}

/** What a manifest records of a release's SQLite file. */
export interface SqliteFileEntry {
  file: string;
  bytes: number;
  sha256: string;
  /** The layout's version (`SQLITE_SCHEMA_VERSION` when written), also the file's `PRAGMA user_version`. */
  schema: number;
  /** Its gzip and br forms, files of the release too (`<file>.gz`, `<file>.br`). */
  encoded: Record<'gzip' | 'br', { file: string; bytes: number; sha256: string }>;
}

/** The names of a release's SQLite file and its compressed forms, as its manifest records them. */
export const sqliteFiles = ({ file, encoded }: SqliteFileEntry): string[] => [
  file,
  encoded.gzip.file,
  encoded.br.file,
];

/**
 * The manifest of a release published before `hashes.json`: the content hashes are in it. Its
 * `files` has no `hashes.json`.
 */
export type ManifestWithHashes = ReleaseManifest & ContentHashes;
