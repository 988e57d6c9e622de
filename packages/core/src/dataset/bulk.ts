/**
 * One collection's bulk file: every public record as one JSON array — byte for byte what
 * `JSON.stringify(records)` writes, in list order — with its compressed forms, made once when the
 * release was published.
 */
export interface BulkFile {
  /** Records in the file. */
  count: number;
  /** Size of the uncompressed file, in bytes. */
  bytes: number;
  /** SHA-256 of the uncompressed file, as hex: its strong etag, and what a download can be checked against. */
  sha256: string;
  /** The uncompressed file, made from the records (in the file's language) on first use. */
  identity(): Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/** A release's bulk files in one language, one per collection, by the collection's name. */
export type BulkFiles = Readonly<Record<string, BulkFile>>;
