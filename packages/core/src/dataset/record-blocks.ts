/**
 * `length` bytes of a snapshot from `start`, given when first asked for and the same bytes after;
 * asked with `keep` false, they are read if need be but not kept.
 */
export type Section = (keep?: boolean) => Uint8Array<ArrayBuffer>;

/** A section of a snapshot from `start`, `length` bytes long, read when first used. */
export type SectionAt = (start: number, length: number) => Section;

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
 * The records whose JSON lies back to back from `start`, `lengths[i]` bytes each, split into blocks
 * of the same number of records, about `RECORD_BLOCK_BYTES` each, so that a record's block is one
 * division away; `section` reads a block when one of its records is first used.
 */
export function recordBlocks<T>(
  lengths: readonly number[],
  start: number,
  section: SectionAt,
): StoredRecords<T> {
  const decoder = new TextDecoder();
  const count = lengths.length;
  const offsets = new Array<number>(count + 1);
  offsets[0] = start;
  lengths.forEach((length, i) => (offsets[i + 1] = (offsets[i] as number) + length));
  const perBlock = Math.max(
    1,
    Math.floor((count * RECORD_BLOCK_BYTES) / Math.max(1, (offsets[count] as number) - start)),
  );
  const blocks = Array.from({ length: Math.ceil(count / perBlock) }, (_, block) => {
    const from = offsets[block * perBlock] as number;
    return section(from, (offsets[Math.min(count, (block + 1) * perBlock)] as number) - from);
  });
  const json = (index: number): Uint8Array<ArrayBuffer> => {
    const block = Math.floor(index / perBlock);
    const from = offsets[block * perBlock] as number;
    return (blocks[block] as Section)().subarray(
      (offsets[index] as number) - from,
      (offsets[index + 1] as number) - from,
    );
  };
  // One read of every record: many small reads would leave the allocator holding their memory.
  const scan = (visit: (index: number, json: Uint8Array) => void) => {
    const bytes = section(start, (offsets[count] as number) - start)(false);
    for (let index = 0; index < count; index++)
      visit(
        index,
        bytes.subarray((offsets[index] as number) - start, (offsets[index + 1] as number) - start),
      );
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
 * read and inflated when one of its records is first used, and kept inflated.
 */
export function deflatedRecordBlocks<T>(
  lengths: readonly number[],
  blocks: readonly DeflatedBlock[],
  start: number,
  section: SectionAt,
  inflate: BlockCodec['inflate'],
): StoredRecords<T> {
  const decoder = new TextDecoder();
  // Each record's offset in the JSON of its block, and its block.
  const offsets = new Int32Array(lengths.length + 1);
  const blockOf = new Int32Array(lengths.length);
  const reads: Array<() => Uint8Array<ArrayBuffer>> = [];
  let record = 0;
  let at = start;
  blocks.forEach(([count, length], block) => {
    const deflated = section(at, length);
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
  // The deflated blocks in one read: many small reads would leave the allocator holding their memory.
  const scan = (visit: (index: number, json: Uint8Array) => void) => {
    const deflated = section(start, at - start)(false);
    let index = 0;
    let from = 0;
    blocks.forEach(([count, length]) => {
      const bytes = inflate(deflated.subarray(from, from + length));
      from += length;
      for (const end = index + count; index < end; index++) {
        const offset = offsets[index] as number;
        visit(index, bytes.subarray(offset, offset + (lengths[index] as number)));
      }
    });
  };
  return { json, at: (index) => JSON.parse(decoder.decode(json(index))) as T, scan };
}
