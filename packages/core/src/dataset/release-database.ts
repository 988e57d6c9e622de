/**
 * A release's SQLite file as a server serves it (README, "The release as a SQLite database"): what
 * its manifest records of it, and its bytes, which the adapter reads from where the release is kept
 * a range at a time, so that a server never holds the file whole.
 */
export interface ReleaseDatabase {
  /** Its name in the release, which a download is saved as: `gamedata-<version>.sqlite`. */
  readonly file: string;
  /** Its size, in bytes. */
  readonly bytes: number;
  /** SHA-256 of its bytes, as hex: its strong etag, and what a download is checked against. */
  readonly sha256: string;
  /** The version of its layout, also its `PRAGMA user_version`. */
  readonly schema: number;
  /** Its bytes from `start` to `end` (exclusive). */
  read(start: number, end: number): ReadableStream<Uint8Array>;
  /** Its gzip and br forms, compressed when it was published: their size, and their bytes. */
  readonly encoded: Readonly<
    Record<'gzip' | 'br', { readonly bytes: number; read(): ReadableStream<Uint8Array> }>
  >;
  /** What /docs says of it, from whoever knows its layout (the writer's); without it, /docs does not describe the file. */
  readonly guide?: SqliteGuide;
}

/** What a release's SQLite file holds and how it is queried, as /docs shows it. */
export interface SqliteGuide {
  /** Its table of tables: the tables of a row, then what they hold, in CommonMark's inline code. */
  readonly tables: ReadonlyArray<readonly [tables: string, holds: string]>;
  /** Questions users ask of it, each an SQL statement headed by a comment saying what it asks. */
  readonly questions: readonly string[];
}

/**
 * Where the app serves a release's SQLite file: `/v1/sqlite/gamedata-<version>.sqlite`, the URL
 * `/v1/bulk` gives, or `/v1/sqlite/gamedata.sqlite` for whichever release is current.
 */
export const SQLITE_PATH = '/v1/sqlite/{file}';

/**
 * The file's strong etag: its SHA-256; a compressed form, a representation of its own (RFC 9110
 * §8.8.3), adds its coding, so an If-Range naming it never resumes a download with another's bytes.
 */
export const databaseEtag = (sha256: string, coding?: 'gzip' | 'br'): string =>
  `"${sha256}${coding ? `-${coding}` : ''}"`;

/** The file's name in the release and in its URL, which names the release it holds. */
export const sqliteFileName = (version: string): string => `gamedata-${version}.sqlite`;

/** The name that asks for the current release's file, whichever it is. */
export const CURRENT_SQLITE_FILE = 'gamedata.sqlite';
