import { collectionOf } from '../dataset/dataset.js';
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, LIST_NAMES } from '../collections/list-names.js';
import type { Dataset } from '../dataset/dataset.js';
import { DamagedSectionError } from '../dataset/snapshot.js';
import { createApp } from '../http/app.js';
import { testBlockCodec } from '../testing/block-codec.js';
import { withTestBulkFiles } from '../testing/bulk-files.js';
import { translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { decodeFromHead, snapshotHeader } from '../testing/snapshot-reads.js';
import { encodeSnapshot } from './snapshot.js';

const published = await withTestBulkFiles(translatedFixtureDataset());
const written = encodeSnapshot(published, testBlockCodec);
const { header, end } = snapshotHeader(written);
const tags = [published.language, ...Object.keys(published.translations)];

/**
 * Reads every part of `dataset` once — each record in every language, the stats in each, the sprites,
 * the bulk files, the translations, the search texts, the record history — and gives the sections found damaged, and any
 * other error: there must be none, as no byte of a damaged section may reach a reader.
 */
function readEverything(dataset: Dataset): { damaged: Set<string>; others: unknown[] } {
  const damaged = new Set<string>();
  const others: unknown[] = [];
  const attempt = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      if (error instanceof DamagedSectionError) damaged.add(error.section);
      else others.push(error);
    }
  };
  for (const list of LIST_NAMES)
    for (let index = 0; index < collectionOf(dataset, list).size; index++) {
      attempt(() => collectionOf(dataset, list).at(index));
      for (const tag of tags.slice(1))
        attempt(() => dataset.localized!(tag, list)!.records.at(index));
    }
  for (const tag of tags.slice(1)) {
    attempt(() => dataset.localizedStats!(tag));
    attempt(() => dataset.translations[tag]);
  }
  for (const sprite of dataset.sprites.values()) attempt(() => sprite.bytes);
  for (const files of [dataset.bulk!, ...Object.values(dataset.translatedBulk!)])
    for (const name of COLLECTION_NAMES) attempt(() => [files[name]!.br, files[name]!.gzip]);
  for (const tag of tags) attempt(() => dataset.searchTexts!(tag));
  const history = dataset.recordHistory!;
  attempt(() => history.releases);
  for (const list of LIST_NAMES)
    attempt(() => {
      const stored = history.list(list);
      for (const id of stored.stored) stored.timeline(id);
    });
  return { damaged, others };
}

describe('a release file with a byte flipped', () => {
  it('reads whole when nothing is flipped', () => {
    const { damaged, others } = readEverything(decodeFromHead(written, testBlockCodec).dataset);
    expect([...damaged, ...others]).toEqual([]);
  });

  it.each(header.sections.map((section) => [section.name, section] as const))(
    'in section %s: that section alone is refused when read, and nothing of it served',
    (name, { offset, length }) => {
      const flipped = written.slice();
      flipped[end + offset + (length >> 1)]! ^= 0x20;
      const { dataset } = decodeFromHead(flipped, testBlockCodec);
      const { damaged, others } = readEverything(dataset);
      expect(others).toEqual([]);
      expect([...damaged]).toEqual([name]);
    },
  );

  it('in the header: refused at load', () => {
    const flipped = written.slice();
    flipped[end - 10]! ^= 0x01;
    expect(() => decodeFromHead(flipped, testBlockCodec)).toThrow(
      'dataset snapshot is damaged: its header does not match its CRC-32',
    );
  });

  it('answers each request that reads the damaged section with a 500, logged once', async () => {
    const records = header.sections.find((section) => section.name === 'records/items')!;
    const flipped = written.slice();
    flipped[end + records.offset + 1]! ^= 0x20;
    const errors: string[] = [];
    const app = createApp({
      dataset: decodeFromHead(flipped, testBlockCodec).dataset,
      logError: (message, error) => errors.push(`${message}: ${(error as Error).message}`),
    });
    for (let i = 0; i < 3; i++) {
      const answer = await app.request('/v1/items', {}, { clientIp: '203.0.113.7' });
      expect(answer.status).toBe(500);
      expect(await answer.text()).not.toContain(published.lists.items.records[0]!.name);
    }
    expect(errors).toEqual([
      'request failed: the release file: section records/items is damaged (its bytes do not match its CRC-32)',
    ]);
    expect((await app.request('/v1/relics', {}, { clientIp: '203.0.113.7' })).status).toBe(200);
  });
});
