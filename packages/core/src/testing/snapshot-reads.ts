import { crc32 } from '../crc32.js';
import { concatBytes } from '../json-bytes.js';
import { writeSnapshotPrefix } from '../dataset/snapshot-format.js';
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

/** A release file's header, parsed as written, and where it ends. */
export function snapshotHeader(written: Uint8Array<ArrayBuffer>) {
  const end = snapshotHeaderEnd(written);
  const header = JSON.parse(
    new TextDecoder().decode(written.subarray(SNAPSHOT_PREFIX_BYTES, end)),
  ) as Record<string, unknown> & {
    sections: Array<{ name: string; offset: number; length: number; crc32: number }>;
  };
  return { header, end };
}

/**
 * `written` with its header changed by `edit` and its sections as they were, the header's CRC-32
 * made anew: a file whose table of contents holds, with a header as another writer might write it.
 */
export function withHeader(
  written: Uint8Array<ArrayBuffer>,
  edit: (header: ReturnType<typeof snapshotHeader>['header']) => void,
): Uint8Array<ArrayBuffer> {
  const { header, end } = snapshotHeader(written);
  edit(header);
  const text = new TextEncoder().encode(JSON.stringify(header));
  return concatBytes([writeSnapshotPrefix(text.length, crc32(text)), text, written.subarray(end)]);
}

/**
 * `written` with the bytes of its section `name` changed in place by `edit`, and the section's
 * CRC-32 made anew: a file written so, not damaged since.
 */
export function withSection(
  written: Uint8Array<ArrayBuffer>,
  name: string,
  edit: (bytes: Uint8Array) => void,
): Uint8Array<ArrayBuffer> {
  const copy = written.slice();
  const { header, end } = snapshotHeader(copy);
  const { offset, length } = header.sections.find((section) => section.name === name)!;
  const bytes = copy.subarray(end + offset, end + offset + length);
  edit(bytes);
  return withHeader(copy, (edited) => {
    edited.sections.find((section) => section.name === name)!.crc32 = crc32(bytes);
  });
}

/**
 * `written` (format 5) as format 4 lays the same release out, as the writer before format 5 wrote
 * it: `gdsnap4`, the header without its table of contents, the sections back to back in the order
 * format 4 reads them (the one format 5 writes them in). `edit` changes the header first, and the
 * sections it names no more (`languageLists`, `searchTexts`) are left out, as an earlier writer of
 * format 4 wrote files without them.
 */
export function asFormat4(
  written: Uint8Array<ArrayBuffer>,
  edit: (header: Record<string, unknown>) => void = () => {},
): Uint8Array<ArrayBuffer> {
  const { header, end } = snapshotHeader(written);
  const { sections, format: _, ...former } = header;
  edit(former);
  const dropped = [
    // Format 4 never held record histories.
    'record-history',
    ...(former.languageLists ? [] : ['language-index/', 'language-records/']),
    ...(former.searchTexts ? [] : ['search-starts/', 'search-texts/']),
  ];
  const text = new TextEncoder().encode(JSON.stringify(former));
  const prefix = new Uint8Array(12);
  prefix.set(new TextEncoder().encode('gdsnap4\n'));
  new DataView(prefix.buffer).setUint32(8, text.length, true);
  return concatBytes([
    prefix,
    text,
    ...sections
      .filter(({ name }) => !dropped.some((start) => name.startsWith(start)))
      .map(({ offset, length }) => written.subarray(end + offset, end + offset + length)),
  ]);
}

/** The translated fixture, and the snapshot it is published as, written with the tests' codec. */
export function translatedSnapshot() {
  const loaded = translatedFixtureDataset();
  return { loaded, written: encodeSnapshot(loaded, testBlockCodec), codec: testBlockCodec };
}

/**
 * `written` with its section `name` replaced by `bytes`, those after it moved to follow, its length
 * and CRC-32 made anew; `edit` changes the rest of the header first: a file another writer wrote so.
 */
export function withSectionReplaced(
  written: Uint8Array<ArrayBuffer>,
  name: string,
  bytes: Uint8Array,
  edit: (header: ReturnType<typeof snapshotHeader>['header']) => void = () => {},
): Uint8Array<ArrayBuffer> {
  const { header, end } = snapshotHeader(written);
  const entry = header.sections.find((section) => section.name === name)!;
  const shift = bytes.length - entry.length;
  const rest = concatBytes([
    written.subarray(end, end + entry.offset),
    bytes,
    written.subarray(end + entry.offset + entry.length),
  ]);
  return withHeader(concatBytes([written.subarray(0, end), rest]), (edited) => {
    edit(edited);
    for (const section of edited.sections)
      if (section.offset > entry.offset) section.offset += shift;
    const replaced = edited.sections.find((section) => section.name === name)!;
    replaced.length = bytes.length;
    replaced.crc32 = crc32(bytes);
  });
}
