/**
 * `length` bytes of a snapshot from `start`, given when first asked for and the same bytes after;
 * asked with `keep` false, they are read if need be but not kept.
 */
export type Section = (keep?: boolean) => Uint8Array<ArrayBuffer>;

/**
 * A section of a snapshot from `start`, `length` bytes long, read when first used; with `crc32`,
 * refused (`DamagedSectionError`) when its bytes do not have that CRC-32.
 */
export type SectionAt = (start: number, length: number, crc32?: number) => Section;

/**
 * About how many bytes of records are read from a snapshot's rest at once: each block holds whole
 * records, and is read when one of them is first used. Small, because a request may need records
 * from as many blocks as it serves records (a search matches names across the whole release), and
 * a larger block makes the first requests after start slower. Why 64 KiB: bench/README.md,
 * "Snapshot record blocks".
 */
export const RECORD_BLOCK_BYTES = 64 * 1024;

/** Records kept as the JSON a snapshot stores: each read as bytes, or parsed, and neither kept. */
export interface StoredRecords<T> {
  json(index: number): Uint8Array<ArrayBuffer>;
  at(index: number): T;
  /**
   * Every record's JSON, in order, read (and inflated) for the scan alone: reading every record once
   * keeps no block that was not kept before.
   */
  scan(visit: (index: number, json: Uint8Array) => void): void;
}

/**
 * How `lengths` (each record's JSON length) are split into blocks of whole records, about
 * `RECORD_BLOCK_BYTES` each: each block's record count and length.
 */
export function recordBlockSizes(
  lengths: readonly number[],
): Array<[records: number, length: number]> {
  const blocks: Array<[number, number]> = [];
  for (let first = 0; first < lengths.length;) {
    let end = first;
    let bytes = 0;
    while (end < lengths.length && (end === first || bytes < RECORD_BLOCK_BYTES))
      bytes += lengths[end++] as number;
    blocks.push([end - first, bytes]);
    first = end;
  }
  return blocks;
}

/**
 * The records whose JSON lies back to back from `start`, `lengths[i]` bytes each, in `blocks` of
 * whole records (each `[records, length]`, as `recordBlockSizes` gives them); `section` reads a
 * block, once, when one of its records is first used, checking it against its CRC-32 where given
 * (and a scan's one read of them all against `crc32`, the whole section's).
 */
export function recordBlocks<T>(
  lengths: readonly number[],
  blocks: ReadonlyArray<readonly [records: number, length: number, crc32?: number]>,
  start: number,
  section: SectionAt,
  crc32?: number,
): StoredRecords<T> {
  const decoder = new TextDecoder();
  const count = lengths.length;
  // Each record's offset in its block, and its block.
  const offsets = new Int32Array(count + 1);
  const blockOf = new Int32Array(count);
  const reads: Section[] = [];
  let record = 0;
  let at = start;
  blocks.forEach(([records, length, blockCrc32], block) => {
    reads.push(section(at, length, blockCrc32));
    at += length;
    let offset = 0;
    for (const end = record + records; record < end && record < count; record++) {
      offsets[record] = offset;
      blockOf[record] = block;
      offset += lengths[record] as number;
    }
    if (offset !== length || record > count)
      throw new Error('dataset snapshot is corrupt: its record blocks and lengths disagree');
  });
  if (record !== count)
    throw new Error('dataset snapshot is corrupt: its blocks and records disagree in number');
  const json = (index: number): Uint8Array<ArrayBuffer> => {
    const from = offsets[index] as number;
    return (reads[blockOf[index] as number] as Section)().subarray(
      from,
      from + (lengths[index] as number),
    );
  };
  // One read of every record: many small reads would leave the allocator holding their memory.
  const scan = (visit: (index: number, json: Uint8Array) => void) => {
    const bytes = section(start, at - start, crc32)(false);
    let from = 0;
    for (let index = 0; index < count; index++) {
      const length = lengths[index] as number;
      visit(index, bytes.subarray(from, from + length));
      from += length;
    }
  };
  return { json, at: (index) => JSON.parse(decoder.decode(json(index))) as T, scan };
}

/**
 * How a snapshot's deflated blocks are written and read: raw DEFLATE (RFC 1951), from the runtime
 * (`node:zlib`'s `deflateRawSync` and `inflateRawSync`), which core does not depend on.
 */
export interface BlockCodec {
  deflate(bytes: Uint8Array): Uint8Array;
  inflate(bytes: Uint8Array): Uint8Array;
}

/** A deflated block as a snapshot's index gives it: how many records it holds, and its deflated length. */
export type DeflatedBlock = readonly [records: number, length: number];

/**
 * `encoded` (each a record's JSON) in blocks of whole records, about `RECORD_BLOCK_BYTES` of JSON
 * each, every block deflated: the blocks, and the bytes to store back to back.
 */
export function deflateRecordBlocks(
  encoded: readonly Uint8Array[],
  deflate: BlockCodec['deflate'],
): { blocks: DeflatedBlock[]; parts: Uint8Array[] } {
  const blocks: DeflatedBlock[] = [];
  const parts: Uint8Array[] = [];
  for (let first = 0; first < encoded.length;) {
    let end = first;
    let bytes = 0;
    while (end < encoded.length && (end === first || bytes < RECORD_BLOCK_BYTES))
      bytes += (encoded[end++] as Uint8Array).length;
    const joined = new Uint8Array(bytes);
    let at = 0;
    for (let i = first; i < end; i++) {
      joined.set(encoded[i] as Uint8Array, at);
      at += (encoded[i] as Uint8Array).length;
    }
    const deflated = deflate(joined);
    blocks.push([end - first, deflated.length]);
    parts.push(deflated);
    first = end;
  }
  return { blocks, parts };
}

/**
 * The records `deflateRecordBlocks` stored from `start` (`lengths[i]` bytes of JSON each): a block is
 * read (and checked against its CRC-32 in `crc32s`, where given) and inflated when one of its records
 * is first used, and kept inflated.
 */
export function deflatedRecordBlocks<T>(
  lengths: readonly number[],
  blocks: readonly DeflatedBlock[],
  start: number,
  section: SectionAt,
  inflate: BlockCodec['inflate'],
  crc32s: ReadonlyArray<number | undefined> = [],
): StoredRecords<T> {
  const decoder = new TextDecoder();
  // Each record's offset in the JSON of its block, and its block.
  const offsets = new Int32Array(lengths.length + 1);
  const blockOf = new Int32Array(lengths.length);
  const reads: Array<() => Uint8Array<ArrayBuffer>> = [];
  let record = 0;
  let at = start;
  blocks.forEach(([count, length], block) => {
    const deflated = section(at, length, crc32s[block]);
    let inflated: Uint8Array<ArrayBuffer> | undefined;
    reads.push(() => (inflated ??= inflate(deflated()) as Uint8Array<ArrayBuffer>));
    at += length;
    let offset = 0;
    for (let end = record + count; record < end; record++) {
      offsets[record] = offset;
      blockOf[record] = block;
      offset += lengths[record] as number;
    }
  });
  if (record !== lengths.length)
    throw new Error('dataset snapshot is corrupt: its blocks and records disagree in number');
  const json = (index: number): Uint8Array<ArrayBuffer> => {
    const from = offsets[index] as number;
    return (reads[blockOf[index] as number] as (typeof reads)[number])().subarray(
      from,
      from + (lengths[index] as number),
    );
  };
  // Each block read, checked and inflated for the scan alone: what a server keeps is not grown.
  const scan = (visit: (index: number, json: Uint8Array) => void) => {
    let index = 0;
    let from = start;
    blocks.forEach(([count, length], block) => {
      const bytes = inflate(section(from, length, crc32s[block])(false));
      from += length;
      for (const end = index + count; index < end; index++) {
        const offset = offsets[index] as number;
        visit(index, bytes.subarray(offset, offset + (lengths[index] as number)));
      }
    });
  };
  return { json, at: (index) => JSON.parse(decoder.decode(json(index))) as T, scan };
}
