import { describe, expect, it } from 'vitest';
import { testBlockCodec } from '../testing/block-codec.js';
import {
  deflatedRecordBlocks,
  deflateRecordBlocks,
  RECORD_BLOCK_BYTES,
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

  it('refuses blocks that do not hold every record', () => {
    const lengths = encoded.map((bytes) => bytes.length);
    expect(() =>
      deflatedRecordBlocks(lengths.slice(1), blocks, 7, () => () => stored, testBlockCodec.inflate),
    ).toThrow(/blocks and records disagree/);
  });
});
