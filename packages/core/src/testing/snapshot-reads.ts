import { concatBytes } from '../json-bytes.js';
import type { BlockCodec } from '../dataset/record-blocks.js';
import { testBlockCodec } from './block-codec.js';
import { translatedFixtureDataset } from './fixture-dataset.js';
import { decodeSnapshot, encodeSnapshot } from '../release/snapshot.js';
import {
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

/** A snapshot's header, parsed, and where it ends: for tests that write an older snapshot from a newer. */
export function snapshotHeader(written: Uint8Array<ArrayBuffer>) {
  const end = snapshotHeaderEnd(written);
  const header = JSON.parse(
    new TextDecoder().decode(written.subarray(SNAPSHOT_PREFIX_BYTES, end)),
  ) as Record<string, unknown>;
  return { header, end };
}

/** A snapshot of `header` (as `snapshotHeader` gives it, changed) and the sections `parts`. */
export function writeSnapshot(
  written: Uint8Array<ArrayBuffer>,
  header: unknown,
  parts: readonly Uint8Array[],
): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(JSON.stringify(header));
  const prefix = written.slice(0, SNAPSHOT_PREFIX_BYTES);
  new DataView(prefix.buffer).setUint32(SNAPSHOT_PREFIX_BYTES - 4, text.length, true);
  return concatBytes([prefix, text, ...parts]);
}

/** The bytes the sections of `entries` (a header's `[tag, ...lengths]`) take. */
export const sectionsLength = (entries: unknown): number =>
  ((entries ?? []) as Array<[string, ...number[]]>).reduce(
    (sum, [, ...lengths]) => lengths.reduce((a, b) => a + b, sum),
    0,
  );

/** The translated fixture, and the snapshot it is published as, written with the tests' codec. */
export function translatedSnapshot() {
  const loaded = translatedFixtureDataset();
  return { loaded, written: encodeSnapshot(loaded, testBlockCodec), codec: testBlockCodec };
}
