import type { CollectionName } from '../collections/list-names.js';

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
  /** The uncompressed file, made from the records on first use. */
  identity(): Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/** A release's bulk files, one per collection. */
export type BulkFiles = Readonly<Record<CollectionName, BulkFile>>;

/**
 * `[`, the pieces separated by commas, `]`: a JSON array from its elements' JSON, without parsing them.
 *
 * @example new TextDecoder().decode(joinJsonArray([bytesOf('{"a":1}'), bytesOf('2')])) // '[{"a":1},2]'
 */
export function joinJsonArray(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length + 1, 1) + (pieces.length === 0 ? 1 : 0));
  const [open, comma, close] = [0x5b, 0x2c, 0x5d];
  out[0] = open;
  let offset = 1;
  pieces.forEach((piece, i) => {
    if (i > 0) out[offset++] = comma;
    out.set(piece, offset);
    offset += piece.length;
  });
  out[offset] = close;
  return out;
}
