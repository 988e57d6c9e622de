import { describe, expect, it } from 'vitest';
import { testBlockCodec } from '../testing/block-codec.js';
import {
  deflatedRecordBlocks,
  deflateRecordBlocks,
  RECORD_BLOCK_BYTES,
  recordBlocks,
  recordBlockSizes,
  type Section,
} from './record-blocks.js';

describe('deflated record blocks', () => {
  const records = Array.from({ length: 3000 }, (_, i) => ({
    id: `r${i}`,
    text: 'x'.repeat(i % 97),
  }));
  const encoded = records.map((record) => new TextEncoder().encode(JSON.stringify(record)));
  const { blocks, parts } = deflateRecordBlocks(encoded, testBlockCodec.deflate);
  const stored = new Uint8Array(7 + parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (stored.set(part, at), at + part.length), 7);

  /** The records read back from `stored` (their blocks from byte 7), with every block read recorded. */
  function readBack() {
    const reads: number[] = [];
    const section =
      (start: number, length: number): Section =>
      () => (reads.push(start), stored.slice(start, start + length));
    const lengths = encoded.map((bytes) => bytes.length);
    return {
      reads,
      read: deflatedRecordBlocks<object>(lengths, blocks, 7, section, testBlockCodec.inflate),
    };
  }

  it('holds whole records, about RECORD_BLOCK_BYTES of JSON a block, every record once', () => {
    expect(blocks.length).toBeGreaterThan(2);
    expect(blocks.reduce((sum, [count]) => sum + count, 0)).toBe(records.length);
    let first = 0;
    for (const [count] of blocks.slice(0, -1)) {
      const bytes = encoded.slice(first, first + count).reduce((sum, r) => sum + r.length, 0);
      expect(bytes).toBeGreaterThanOrEqual(RECORD_BLOCK_BYTES);
      expect(bytes - encoded[first + count - 1]!.length).toBeLessThan(RECORD_BLOCK_BYTES);
      first += count;
    }
  });

  it('reads each record as written, a block inflated when one of its records is first used, once', () => {
    const { reads, read } = readBack();
    expect(reads).toEqual([]);
    const last = records.length - 1;
    expect(read.at(last)).toEqual(records[last]);
    expect(reads).toHaveLength(1);
    records.forEach((record, i) => {
      expect(read.at(i)).toEqual(record);
      expect(read.json(i)).toEqual(encoded[i]);
    });
    expect(reads).toHaveLength(blocks.length);
  });

  it('scans every record in order, a block at a time, keeping no block it inflated', () => {
    const { reads, read } = readBack();
    read.at(0);
    const seen: Uint8Array[] = [];
    read.scan((index, json) => (seen[index] = json.slice()));
    expect(seen).toEqual(encoded);
    const starts = blocks.map(
      (_, at) => 7 + blocks.slice(0, at).reduce((sum, [, n]) => sum + n, 0),
    );
    expect(reads).toEqual([7, ...starts]);
    // The last block, inflated for the scan, was not kept.
    read.at(records.length - 1);
    expect(reads).toHaveLength(blocks.length + 2);
  });

  it('refuses blocks that do not hold every record', () => {
    const lengths = encoded.map((bytes) => bytes.length);
    expect(() =>
      deflatedRecordBlocks(lengths.slice(1), blocks, 7, () => () => stored, testBlockCodec.inflate),
    ).toThrow(/blocks and records disagree/);
  });
});

describe('record blocks', () => {
  it('scans every record in order, in one read kept by no block', () => {
    const encoded = Array.from({ length: 2000 }, (_, i) =>
      new TextEncoder().encode(JSON.stringify({ id: `r${i}`, text: 'y'.repeat(i % 89) })),
    );
    const stored = new Uint8Array(encoded.reduce((sum, bytes) => sum + bytes.length, 0));
    encoded.reduce((at, bytes) => (stored.set(bytes, at), at + bytes.length), 0);
    const reads: number[] = [];
    // As a snapshot's rest: read when first asked for and kept, unless asked not to keep it.
    const section = (start: number, length: number): Section => {
      let kept: Uint8Array<ArrayBuffer> | undefined;
      return (keep = true) => {
        if (kept) return kept;
        reads.push(start);
        const bytes = stored.slice(start, start + length);
        if (keep) kept = bytes;
        return bytes;
      };
    };
    const lengths = encoded.map((bytes) => bytes.length);
    const read = recordBlocks<object>(lengths, recordBlockSizes(lengths), 0, section);
    read.json(0);
    const seen: Uint8Array[] = [];
    read.scan((index, json) => (seen[index] = json.slice()));
    expect(seen).toEqual(encoded);
    expect(reads).toEqual([0, 0]);
    read.json(encoded.length - 1);
    expect(reads).toHaveLength(3);
    expect(reads[2]).toBeGreaterThan(0);
  });
});
