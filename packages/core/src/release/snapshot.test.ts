import { describe, expect, it } from 'vitest';
import { LIST_NAMES } from '../collections/list-names.js';
import { testBlockCodec } from '../testing/block-codec.js';
import { withTestBulkFiles } from '../testing/bulk-files.js';
import { translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { sectionsLength, snapshotHeader, writeSnapshot } from '../testing/snapshot-reads.js';
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

/** `current` as a writer before keyed columns, indexed fields, language lists and search texts wrote it. */
function writtenBefore(): Uint8Array<ArrayBuffer> {
  const { header, end } = snapshotHeader(current);
  const { languageLists, searchTexts } = header as Record<string, unknown>;
  const kept = current.length - sectionsLength(languageLists) - sectionsLength(searchTexts);
  delete header.languageLists;
  delete header.searchTexts;
  for (const list of LIST_NAMES) {
    const collection = (header.collections as Record<string, Record<string, unknown>>)[list]!;
    delete collection.keyed;
    delete collection.indexed;
  }
  return writeSnapshot(current, header, [current.subarray(end, kept)]);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, at) => byte === b[at]);

describe('rewriteSnapshot', () => {
  it('gives a file the current writer wrote back byte for byte, its stored history included', () => {
    expect(sameBytes(rewriteSnapshot(current, testBlockCodec), current)).toBe(true);
  });

  it('writes a file of an earlier writer as the current writer writes the same release', () => {
    const before = writtenBefore();
    expect(before.length).toBeLessThan(current.length);
    expect(sameBytes(rewriteSnapshot(before, testBlockCodec), current)).toBe(true);
  });
});
