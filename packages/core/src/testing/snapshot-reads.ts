import type { BlockCodec } from '../dataset/record-blocks.js';
import {
  decodeSnapshot,
  readSnapshotHead,
  snapshotHeaderEnd,
  SNAPSHOT_PREFIX_BYTES,
  type SnapshotRest,
} from '../dataset/snapshot.js';

/**
 * `written` decoded from its head alone, as a server reads a snapshot file, with every read of the
 * rest recorded (`[offset, length]`).
 */
export function decodeFromHead(written: Uint8Array<ArrayBuffer>, codec?: BlockCodec) {
  const head = readSnapshotHead(
    written.subarray(0, snapshotHeaderEnd(written.subarray(0, SNAPSHOT_PREFIX_BYTES))),
  );
  const reads: Array<[number, number]> = [];
  const rest: SnapshotRest = {
    head,
    size: written.length,
    read: (offset, length) => (
      reads.push([offset, length]),
      written.slice(offset, offset + length)
    ),
  };
  return { dataset: decodeSnapshot(written.slice(0, head.length), rest, codec), reads, head };
}
