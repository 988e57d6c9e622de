import { describe, expect, it } from 'vitest';
import { LIST_NAMES } from '../collections/list-names.js';
import { testBlockCodec } from '../testing/block-codec.js';
import { withTestBulkFiles } from '../testing/bulk-files.js';
import { translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { asFormat4 } from '../testing/snapshot-reads.js';
import { encodeSnapshot, rewriteSnapshot } from './snapshot.js';

const published = await withTestBulkFiles(translatedFixtureDataset());
const history = {
  base: '2026-11-20.1',
  changes: [
    // Written before sprites and translations joined the change feed: kept as stored.
    { version: '2026-11-21.1', published: '2026-11-21T09:00:00Z', items: { changed: ['a'] } },
  ],
};
const current = encodeSnapshot(
  { ...published, history: history as unknown as typeof published.history },
  testBlockCodec,
);

/** `current` as the writer before keyed columns, indexed fields, language lists and search texts wrote it. */
const writtenBefore = () =>
  asFormat4(current, (header) => {
    delete header.languageLists;
    delete header.searchTexts;
    for (const list of LIST_NAMES) {
      const collection = (header.collections as Record<string, Record<string, unknown>>)[list]!;
      delete collection.keyed;
      delete collection.indexed;
    }
  });

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, at) => byte === b[at]);

describe('rewriteSnapshot', () => {
  it('gives a file the current writer wrote back byte for byte, its stored history included', () => {
    expect(sameBytes(rewriteSnapshot(current, testBlockCodec), current)).toBe(true);
  });

  it('writes a file of the previous format, as its last writer wrote it, in the current format', () => {
    const former = asFormat4(current);
    expect(new TextDecoder().decode(former.subarray(0, 8))).toBe('gdsnap4\n');
    expect(sameBytes(rewriteSnapshot(former, testBlockCodec), current)).toBe(true);
  });

  it('writes a file of an earlier writer as the current writer writes the same release', () => {
    const before = writtenBefore();
    expect(before.length).toBeLessThan(current.length);
    expect(sameBytes(rewriteSnapshot(before, testBlockCodec), current)).toBe(true);
  });
});
