import { collectionOf } from './dataset.js';
import { describe, expect, it } from 'vitest';
import { fixtureDataset, translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { sha256Hex, withTestBulkFiles } from '../testing/bulk-files.js';
import { testBlockCodec } from '../testing/block-codec.js';
import {
  asFormat4,
  decodeFromHead,
  snapshotHeader,
  withHeader,
} from '../testing/snapshot-reads.js';
import { bulkRecords } from '../language/bulk-records.js';
import type { Translations } from './translations.js';
import { COLLECTION_NAMES, LIST_NAMES } from '../collections/list-names.js';
import { indexCollection, type Collection } from './collection.js';
import { decodeSnapshot, encodeSnapshot, rewriteSnapshot } from '../release/snapshot.js';
import {
  DamagedSectionError,
  readSnapshotHead,
  snapshotHeaderEnd,
  SNAPSHOT_PREFIX_BYTES,
  type SnapshotRest,
} from './snapshot.js';

const dataset = fixtureDataset();
const none = { added: [], changed: [], removed: [] };
const snapshot = encodeSnapshot(dataset);
const lastSpriteId = (decoded: { sprites: ReadonlyMap<string, unknown> }) =>
  [...decoded.sprites.keys()].at(-1)!;
const corrupt = (edit: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>) =>
  edit(snapshot.slice());

describe('encodeSnapshot / decodeSnapshot', () => {
  it.each([
    [
      'in the previous format before keyed columns',
      () =>
        asFormat4(snapshot, (header) => {
          const items = (header.collections as Record<string, Record<string, unknown>>).items!;
          delete items.keyed;
          delete items.indexed;
        }),
      "written by an earlier version (without items' keyed columns, items' indexed fields)",
    ],
    [
      'before a field became a filter',
      () =>
        withHeader(snapshot, (header) => {
          const items = (header.collections as Record<string, Record<string, unknown>>).items!;
          delete (items.columns as Record<string, unknown>).cosmetic;
          items.indexed = (items.indexed as string[]).filter((field) => field !== 'cosmetic');
        }),
      'written by an earlier version (items without the columns of cosmetic)',
    ],
  ])(
    'refuses a file written %s, naming what rewrites it; rewritten, its columns are worked out from the records',
    (_, older, message) => {
      expect(() => decodeSnapshot(older())).toThrow(
        `${message}: rewrite it with pnpm publish-dataset upgrade`,
      );
      const decoded = decodeSnapshot(rewriteSnapshot(older(), testBlockCodec));
      expect(decoded.lists.items.columns).toEqual(dataset.lists.items.columns);
      expect(decoded.lists.items.keyed).toEqual(dataset.lists.items.keyed);
      expect(Object.keys(dataset.lists.items.keyed)).toEqual(['stat', 'roll.min', 'roll.max']);
    },
  );

  it.each<[string, (header: Record<string, unknown>) => void, string]>([
    [
      'a length that is not a number',
      (header) =>
        ((header.collections as { items: { lengths: unknown[] } }).items.lengths[0] = 'x'),
      'collections.items.lengths.0: expected a whole number from 0',
    ],
    ['no meta', (header) => delete header.meta, 'meta: expected an object'],
    [
      'a section without its checksum',
      (header) => delete (header.sections as Array<Record<string, unknown>>)[2]!.crc32,
      'sections.2.crc32: expected a whole number from 0',
    ],
  ])('refuses a header with %s, naming the field', (_, edit, message) => {
    expect(() => decodeSnapshot(withHeader(snapshot, edit))).toThrow(
      `dataset snapshot header: ${message}`,
    );
  });

  it('refuses a file whose names an earlier writer lower-cased only, naming upgrade; rewritten, its names are case-folded', () => {
    const straße = fixtureDataset();
    const items = straße.lists.items.records as unknown as { name: string }[];
    items[0]!.name = 'Straße';
    const written = encodeSnapshot({
      ...straße,
      lists: { ...straße.lists, items: indexCollection(items as never, []) },
    });
    const earlier = withHeader(written, (header) => {
      delete header.textRules;
      const lists = header.collections as Record<string, { searchNames: string[] }>;
      lists.items!.searchNames = items.map((item) => item.name.toLowerCase());
    });
    expect(() => decodeSnapshot(earlier)).toThrow(
      'written by an earlier version (with its names case-folded by earlier rules): rewrite it with pnpm publish-dataset upgrade',
    );
    const rewritten = decodeSnapshot(rewriteSnapshot(earlier, testBlockCodec));
    expect(rewritten.lists.items.searchNames[0]).toBe('strasse');
    expect(decodeSnapshot(written).lists.items.searchNames[0]).toBe('strasse');
  });

  it('refuses a whole file of the previous format, which holds no record histories, naming upgrade; rewritten, it is the same dataset', () => {
    expect(() => decodeSnapshot(asFormat4(snapshot))).toThrow(
      'written by an earlier version (without record histories): rewrite it with pnpm publish-dataset upgrade',
    );
    const former = decodeSnapshot(rewriteSnapshot(asFormat4(snapshot), testBlockCodec));
    const current = decodeSnapshot(snapshot);
    expect([former.meta, former.publisher, former.language]).toEqual([
      current.meta,
      current.publisher,
      current.language,
    ]);
    for (const list of LIST_NAMES)
      expect(collectionOf(former, list).records).toEqual(collectionOf(current, list).records);
  });

  it('round-trips a loaded dataset: records, order, lookups, search names, sprites and etags', () => {
    const decoded = decodeSnapshot(snapshot);
    expect(decoded.meta).toEqual(dataset.meta);
    expect(decoded.publisher).toEqual(dataset.publisher);
    expect(decoded.publisher.licenseId).toBe('CC-BY-4.0');
    expect(decoded.rarities).toEqual(dataset.rarities);
    expect(decoded.stats).toEqual(dataset.stats);
    expect(decoded.history).toEqual(dataset.history);
    for (const list of LIST_NAMES) {
      const original: Collection<{ id: string }> = collectionOf(dataset, list);
      const read: Collection<{ id: string }> = collectionOf(decoded, list);
      expect(read.size).toBe(original.size);
      expect(read.ids).toEqual(original.ids);
      expect(read.columns).toEqual(original.columns);
      expect(read.searchNames).toEqual(original.searchNames);
      for (const record of original.records) expect(read.get(record.id)).toEqual(record);
      expect(read.get('no-such-id')).toBeUndefined();
      expect(read.records).toEqual(original.records);
    }
    expect([...decoded.sprites.keys()].sort()).toEqual([...dataset.sprites.keys()].sort());
    for (const [id, sprite] of dataset.sprites) {
      expect(decoded.sprites.get(id)?.etag).toBe(sprite.etag);
      expect(Array.from(decoded.sprites.get(id)?.bytes ?? [])).toEqual(Array.from(sprite.bytes));
    }
  });

  it('writes its header in ASCII alone, whatever text it holds, and reads that text back', () => {
    const license = 'Données de jeu © Studio — 🗡 \u007f';
    const written = encodeSnapshot({ ...dataset, meta: { ...dataset.meta, license } });
    const header = written.subarray(SNAPSHOT_PREFIX_BYTES, snapshotHeaderEnd(written));
    expect(header.every((byte) => byte < 0x7f)).toBe(true);
    expect(decodeSnapshot(written).meta.license).toBe(license);
  });

  it('carries the language and the translations, each language parsed when first read', () => {
    const translations: Translations = {
      de: {
        collections: { items: { ashbringer: { name: 'Aschenbringer', dungeons: [null] } } },
        rarities: { '4': 'Legendär' },
      },
      fr: { collections: { stats: { mgt: { name: 'Puissance' } } } },
    };
    const written = encodeSnapshot({ ...dataset, language: 'en-GB', translations });
    const decoded = decodeSnapshot(written);
    expect(decoded.language).toBe('en-GB');
    expect(decoded.translations).toEqual(translations);
    // Not in the header, which every cold start parses: in a section of their own.
    expect(
      new TextDecoder().decode(
        written.subarray(0, 12 + new DataView(written.buffer).getUint32(8, true)),
      ),
    ).not.toContain('Aschenbringer');
    expect(() => decodeSnapshot(written.slice(0, written.length - 1))).toThrow(/truncated/);
  });

  it('writes a dataset in the default language without translations, and reads it back without them', () => {
    const { header } = snapshotHeader(snapshot);
    expect([header.language, header.translations]).toEqual(['en', []]);
    expect(header.sections.map(({ name }) => name)).not.toContainEqual(
      expect.stringMatching(/^translations\//),
    );
    const decoded = decodeSnapshot(snapshot);
    expect([decoded.language, decoded.translations]).toEqual(['en', {}]);
  });

  it("carries each language's bulk files, whose uncompressed bytes, remade from the records in that language, hash to the SHA-256 recorded", async () => {
    const published = await withTestBulkFiles(translatedFixtureDataset());
    const written = encodeSnapshot(published);
    const decoded = decodeSnapshot(written);
    expect(Object.keys(decoded.translatedBulk ?? {})).toEqual(['de', 'es']);
    // Not in the header: the compressed files are a section of their own, the uncompressed ones not stored.
    const headerText = new TextDecoder().decode(
      written.subarray(0, 12 + new DataView(written.buffer).getUint32(8, true)),
    );
    expect(headerText).not.toContain('Aschenbringer');
    for (const tag of ['de', 'es']) {
      for (const name of COLLECTION_NAMES) {
        const original = published.translatedBulk?.[tag]?.[name];
        const read = decoded.translatedBulk?.[tag]?.[name];
        expect([read?.count, read?.bytes, read?.sha256], `${tag} ${name}`).toEqual([
          original?.count,
          original?.bytes,
          original?.sha256,
        ]);
        expect([Array.from(read?.br ?? []), Array.from(read?.gzip ?? [])]).toEqual([
          Array.from(original?.br ?? []),
          Array.from(original?.gzip ?? []),
        ]);
        const identity = read!.identity();
        expect(await sha256Hex(identity), `${tag} ${name}`).toBe(original?.sha256);
        expect(identity.length).toBe(original?.bytes);
        expect(identity).toBe(read!.identity());
      }
    }
    // The German file holds the German text; the default language's stays the records as published.
    expect(
      JSON.parse(new TextDecoder().decode(decoded.translatedBulk!.de!.items!.identity())),
    ).toEqual(bulkRecords(published)('de', 'items'));
    expect(new TextDecoder().decode(decoded.translatedBulk!.de!.items!.identity())).toContain(
      'Aschenbringer',
    );
    expect(new TextDecoder().decode(decoded.bulk!.items!.identity())).toBe(
      JSON.stringify(published.lists.items.records),
    );
  });

  it('reads a file of a dataset with translations but no bulk files per language, or without translations, as one without them', async () => {
    // Its translations, its default bulk files, no bulk file per language.
    const { translatedBulk: _, ...before } = await withTestBulkFiles(translatedFixtureDataset());
    const older = encodeSnapshot(before);
    expect(snapshotHeader(older).header.translatedBulk).toEqual([]);
    const decoded = decodeSnapshot(older);
    expect(decoded.translatedBulk).toBeUndefined();
    expect(Object.keys(decoded.translations)).toEqual(['de', 'es']);
    expect(decoded.bulk?.items!.sha256).toBe(before.bulk?.items!.sha256);
    // Without translations there is nothing to write: the snapshot is the one written before.
    const plain = await withTestBulkFiles(fixtureDataset());
    const { translatedBulk: __, ...plainBefore } = plain;
    expect(encodeSnapshot(plain)).toEqual(encodeSnapshot(plainBefore));
  });

  it('decodes from its head alone, reading each section past it (a block of records, the sprites, bulk files, translations) when first used, once', async () => {
    const published = await withTestBulkFiles(translatedFixtureDataset());
    const written = encodeSnapshot(published);
    const whole = decodeSnapshot(written);
    const { dataset: decoded, reads, head } = decodeFromHead(written);
    expect(head.length).toBe(snapshotHeaderEnd(written));
    expect(reads).toEqual([]);
    // A small collection's records are one block: read with its first record, and not again.
    expect(decoded.lists.items.at(0)).toEqual(whole.lists.items.at(0));
    expect(decoded.lists.items.records).toEqual(whole.lists.items.records);
    expect(reads).toHaveLength(1);
    // The sprites, in one read when the first is served.
    const sprites = [...whole.sprites.values()].map((sprite) => sprite.bytes);
    expect(decoded.sprites.get(lastSpriteId(whole))?.bytes).toEqual(sprites.at(-1));
    expect([...decoded.sprites.values()].map((sprite) => sprite.bytes)).toEqual(sprites);
    expect(reads.at(-1)).toEqual([
      sprites[0]!.byteOffset - written.byteOffset,
      sprites.reduce((total, bytes) => total + bytes.length, 0),
    ]);
    expect(reads).toHaveLength(2);
    expect(decoded.translations.de).toEqual(whole.translations.de);
    expect(decoded.translations.de).toBe(decoded.translations.de);
    expect(reads).toHaveLength(3);
    for (const name of COLLECTION_NAMES) {
      expect([decoded.bulk![name]!.br, decoded.bulk![name]!.gzip]).toEqual([
        whole.bulk![name]!.br,
        whole.bulk![name]!.gzip,
      ]);
      expect(decoded.translatedBulk!.es![name]!.gzip).toEqual(
        whole.translatedBulk!.es![name]!.gzip,
      );
    }
    // One read for the German text, one for the default language's bulk files, one for the Spanish ones.
    expect(reads).toHaveLength(5);
    expect(reads.every(([offset]) => offset >= head.length)).toBe(true);
  });

  it("reads a large collection's records in blocks of whole records, about 64 KiB each, a block when one of its records is first used", () => {
    // 300 items of about 1.4 KiB: more than six blocks.
    const items = Array.from({ length: 300 }, (_, i) => ({
      ...dataset.lists.items.records[0]!,
      id: `item-${String(i).padStart(4, '0')}`,
      description: 'x'.repeat(1000 + (i % 7)),
    }));
    const written = encodeSnapshot({
      ...dataset,
      lists: { ...dataset.lists, items: indexCollection(items, ['slot', 'rarity']) },
    });
    const { dataset: decoded, reads } = decodeFromHead(written);
    reads.length = 0;
    expect(decoded.lists.items.at(299)).toEqual(items[299]);
    expect(decoded.lists.items.at(298)).toEqual(items[298]);
    expect(reads).toHaveLength(1);
    expect(decoded.lists.items.records).toEqual(items);
    expect(reads.length).toBeGreaterThan(6);
    // Back to back from the first record to the last, each block but the last about 64 KiB.
    const sorted = [...reads].sort(([a], [b]) => a - b);
    const recordBytes = items.reduce(
      (total, item) => total + new TextEncoder().encode(JSON.stringify(item)).length,
      0,
    );
    expect(sorted.reduce((total, [, length]) => total + length, 0)).toBe(recordBytes);
    sorted.slice(1).forEach(([offset], i) => expect(offset).toBe(sorted[i]![0] + sorted[i]![1]));
    for (const [, length] of sorted.slice(0, -1))
      expect(Math.abs(length - 64 * 1024)).toBeLessThan(2 * 1024);
    expect(sorted.at(-1)![1]).toBeLessThan(64 * 1024);
  });

  it('refuses a head or a header cut short, and bytes of another layout', () => {
    const head = readSnapshotHead(snapshot);
    const rest = (size: number): SnapshotRest => ({ head, size, read: () => expect.unreachable() });
    expect(() => decodeSnapshot(snapshot.slice(0, head.length - 1), rest(snapshot.length))).toThrow(
      'dataset snapshot is truncated',
    );
    expect(() => readSnapshotHead(snapshot.slice(0, snapshotHeaderEnd(snapshot) - 1))).toThrow(
      'dataset snapshot is truncated',
    );
    expect(() => snapshotHeaderEnd(new TextEncoder().encode('gdsnap3\n\0\0\0\0'))).toThrow(
      'rewrite it with pnpm publish-dataset upgrade',
    );
    expect(() => snapshotHeaderEnd(new TextEncoder().encode('PK\x03\x04'))).toThrow(
      'not a release file',
    );
  });

  it('refuses bulk files in a language the snapshot has no translations of', async () => {
    const published = await withTestBulkFiles(translatedFixtureDataset());
    const { es: _, ...translations } = published.translations;
    expect(() => decodeSnapshot(encodeSnapshot({ ...published, translations }))).toThrow(
      'dataset snapshot is corrupt: bulk files in es, a language it has no translations of',
    );
  });

  it('refuses a file of the previous format an earlier writer wrote without the publisher', () => {
    const older = asFormat4(snapshot, (header) => delete header.publisher);
    expect(() => decodeSnapshot(older)).toThrow(
      'written by an earlier version (without the publisher): rewrite it with pnpm publish-dataset upgrade',
    );
    expect(decodeSnapshot(rewriteSnapshot(older, testBlockCodec)).publisher).toEqual({});
  });

  it('reads the history of a snapshot written before sprites joined the change feed without inventing sprite changes', () => {
    const collections = {
      items: { added: ['a'], changed: [], removed: [] },
      abilities: none,
      relics: none,
      followers: none,
      stats: none,
    };
    const entry = (version: string) => ({
      version,
      published: `${version.slice(0, 10)}T08:00:00Z`,
      collections,
    });
    const complete = {
      ...entry('2026-12-03.1'),
      sprites: { added: ['blade'], changed: [], removed: [] },
    };
    const history = {
      base: '2026-12-01.1',
      changes: [entry('2026-12-02.1'), entry('2026-12-02.2'), complete],
    };
    const decoded = decodeSnapshot(
      encodeSnapshot({ ...dataset, history: history as unknown as typeof dataset.history }),
    ).history;
    // The entries without sprite changes cannot be answered whole: the history starts after them, and
    // remembers where it began, for an adapter that can read those releases' manifests.
    expect(decoded).toEqual({
      base: '2026-12-02.2',
      changes: [{ ...complete, translations: {} }],
      recordedBase: '2026-12-01.1',
    });
    const withoutAny = { base: '2026-12-01.1', changes: [entry('2026-12-02.1')] };
    expect(
      decodeSnapshot(
        encodeSnapshot({ ...dataset, history: withoutAny as unknown as typeof dataset.history }),
      ).history,
    ).toEqual({
      base: '2026-12-02.1',
      changes: [],
      recordedBase: '2026-12-01.1',
    });
  });

  it('reads the history of a snapshot written before translations joined the change feed: its entries list none', () => {
    const collections = {
      items: { added: ['a'], changed: [], removed: [] },
      abilities: none,
      relics: none,
      followers: none,
      stats: none,
    };
    const entry = (version: string) => ({
      version,
      published: `${version.slice(0, 10)}T08:00:00Z`,
      collections,
      sprites: none,
    });
    const translated = {
      ...entry('2026-12-03.1'),
      translations: {
        de: {
          collections: { ...collections, items: none, stats: { ...none, changed: ['mgt'] } },
          rarities: true,
        },
      },
    };
    const history = {
      base: '2026-12-01.1',
      changes: [entry('2026-12-02.1'), translated],
      otherReleases: [{ version: '2026-12-01.2', change: entry('2026-12-03.1') }],
    };
    const decoded = decodeSnapshot(
      encodeSnapshot({ ...dataset, history: history as unknown as typeof dataset.history }),
    ).history;
    expect(decoded).toEqual({
      base: '2026-12-01.1',
      changes: [{ ...entry('2026-12-02.1'), translations: {} }, translated],
      otherReleases: [
        { version: '2026-12-01.2', change: { ...entry('2026-12-03.1'), translations: {} } },
      ],
    });
  });

  it('parses a record only when it is read, and keeps none parsed', () => {
    const decoded = decodeSnapshot(snapshot);
    const first = dataset.lists.items.records[0] as { id: string };
    expect(decoded.lists.items.get(first.id)).toEqual(first);
    // Each read parses anew: a server answering ever-new pages holds no record parsed for good.
    expect(decoded.lists.items.get(first.id)).toEqual(decoded.lists.items.at(0));
    expect(decoded.lists.items.get(first.id)).not.toBe(decoded.lists.items.at(0));
  });

  it('serves nothing of a damaged block of records: reading it is refused, naming the section, and logged once', () => {
    const last = dataset.lists.items.records.at(-1) as { id: string };
    const json = new TextEncoder().encode(JSON.stringify(last));
    const start = snapshot.findIndex((_, i) => json.every((byte, j) => snapshot[i + j] === byte));
    // Decoding reads no record: the damage shows when its block is first read.
    const decoded = decodeSnapshot(corrupt((b) => (b.set([0x78], start), b)));
    const read = () => decoded.lists.items.get(last.id);
    expect(read).toThrow('the release file: section records/items is damaged');
    expect(() => decoded.lists.items.at(0)).toThrow(DamagedSectionError);
    const errors = [0, 1].map(() => {
      try {
        read();
      } catch (error) {
        return error as DamagedSectionError;
      }
    });
    expect(errors.map((error) => [error?.section, error?.first])).toEqual([
      ['records/items', false],
      ['records/items', false],
    ]);
  });

  it('writes the same bytes for the same dataset, whatever the sprite map order', () => {
    const reordered = { ...dataset, sprites: new Map([...dataset.sprites].reverse()) };
    expect(encodeSnapshot(reordered)).toEqual(snapshot);
  });

  it('reads a snapshot that sits inside a larger buffer (as a file read may return it)', () => {
    const padded = new Uint8Array(snapshot.length + 16);
    padded.set(snapshot, 8);
    expect(decodeSnapshot(padded.subarray(8, 8 + snapshot.length)).lists.items.records).toEqual(
      dataset.lists.items.records,
    );
  });

  it.each<[string, Uint8Array<ArrayBuffer>, RegExp]>([
    ['empty', new Uint8Array(0), /not a release file/],
    [
      'of an older format',
      corrupt((b) => (b.set([0x33], 6), b)),
      /format 3; this version reads 4 and 5\): rewrite it with pnpm publish-dataset upgrade/,
    ],
    ['of a newer format', corrupt((b) => (b.set([0x36], 6), b)), /serve it with a newer version/],
    ['with a damaged header', corrupt((b) => (b.set([0x20], 40), b)), /header does not match/],
    ['cut inside the header', corrupt((b) => b.slice(0, 40)), /truncated/],
    ['cut inside the sprites', corrupt((b) => b.slice(0, b.length - 1)), /truncated/],
    ['trailing bytes', corrupt((b) => new Uint8Array([...b, 0])), /trailing bytes/],
  ])('refuses a snapshot that is %s', (_name, bytes, message) => {
    expect(() => decodeSnapshot(bytes)).toThrow(message);
  });
});
