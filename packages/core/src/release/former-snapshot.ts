import { columnFields, keyedNumbers } from '../collections/descriptor.js';
import { REGISTRY } from '../collections/collections.js';
import { listsNamed, type Registry } from '../collections/registry.js';
import type { BulkFile, BulkFiles } from '../dataset/bulk.js';
import { indexCollection, type Collection } from '../dataset/collection.js';
import { collectionOf, type Dataset, type Sprite } from '../dataset/dataset.js';
import type { AnyListRecord } from '../collections/list-types.js';
import { formerSections } from '../dataset/snapshot.js';
import {
  PREVIOUS_SNAPSHOT_FORMAT,
  readSnapshotPrefix,
  type SectionEntry,
  type SnapshotHeader,
} from '../dataset/snapshot-format.js';
import { DEFAULT_LANGUAGE, type Translations } from '../dataset/translations.js';
import { joinJsonArray } from '../json-bytes.js';
import { bulkRecords } from '../language/bulk-records.js';

type BulkHeader = Record<
  string,
  { count: number; bytes: number; sha256: string; brLength: number; gzipLength: number }
>;

/**
 * A release file as any earlier writer wrote it — format 4 before keyed columns, indexed fields,
 * lists per language or search texts, or with them, or format 5 before a field it now indexes — read
 * whole into a dataset as loading an export makes one: every record parsed, each list indexed again
 * by `serving`'s descriptors (those of its lists it holds). What the
 * file lacks is then what the current writer works out from the dataset (`rewriteSnapshot`). Only
 * `pnpm publish-dataset upgrade` reads files this way; servers read the current format and the
 * previous one whole (`readSnapshot`).
 */
export function readFormerSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  serving: Registry = REGISTRY,
): {
  dataset: Dataset;
  history: unknown;
} {
  const prefix = readSnapshotPrefix(bytes);
  if (prefix.headerEnd > bytes.length) throw new Error('dataset snapshot is truncated');
  const raw = JSON.parse(
    new TextDecoder().decode(bytes.subarray(prefix.headerStart, prefix.headerEnd)),
  ) as Partial<SnapshotHeader> & Pick<SnapshotHeader, 'collections' | 'sprites' | 'meta'>;
  const header = {
    translations: [],
    translatedBulk: [],
    languageLists: [],
    searchTexts: [],
    ...raw,
  } as unknown as SnapshotHeader;
  // Format 4's sections where its order puts them; a later format's where its table says.
  const found =
    prefix.format === PREVIOUS_SNAPSHOT_FORMAT
      ? formerSections(header, prefix.headerEnd)
      : (raw as unknown as { sections: SectionEntry[] }).sections.map((entry) => ({
          ...entry,
          offset: entry.offset + prefix.headerEnd,
        }));
  const sections = new Map(found.map((entry) => [entry.name, entry] as const));
  const last = [...sections.values()].at(-1);
  if (!last || last.offset + last.length !== bytes.length)
    throw new Error('dataset snapshot is truncated or has trailing bytes');
  const sectionBytes = (name: string) => {
    const entry = sections.get(name)!;
    return bytes.subarray(entry.offset, entry.offset + entry.length);
  };
  const decoder = new TextDecoder();

  // The lists of `registry` it holds: one written before a list was added holds the others.
  const held = Object.keys(header.collections);
  const unknown = held.filter((list) => !serving.has(list));
  if (unknown.length > 0) throw new Error(`it holds lists this version does not know: ${unknown}`);
  const registry = listsNamed(serving, held);
  const lists: Record<string, Collection<AnyListRecord>> = {};
  for (const descriptor of registry.lists) {
    const list = descriptor.name;
    const listHeader = header.collections[list] as SnapshotHeader['collections'][string];
    const records = sectionBytes(`records/${list}`);
    let at = 0;
    const json = listHeader.lengths.map((length) => {
      const bytes = records.subarray(at, at + length);
      at += length;
      return bytes;
    });
    const parsed = json.map(
      (bytes) => JSON.parse(decoder.decode(bytes)) as { id: string; name: string },
    );
    // Its records' JSON as stored, served as a release file's are.
    lists[list] = {
      ...indexCollection(parsed, columnFields(descriptor), keyedNumbers(descriptor)),
      json: (index: number) => json[index] as Uint8Array,
    };
  }

  const spriteBytes = sectionBytes('sprites');
  const sprites = new Map<string, Sprite>();
  let spriteAt = 0;
  for (const [id, etag, length] of header.sprites) {
    sprites.set(id, { etag, bytes: spriteBytes.subarray(spriteAt, spriteAt + length) });
    spriteAt += length;
  }

  const bulkFiles = (
    name: string,
    files: BulkHeader,
    identity: (collection: string) => Uint8Array<ArrayBuffer>,
  ): BulkFiles => {
    const compressed = sectionBytes(name);
    const read: Record<string, BulkFile> = {};
    let at = 0;
    for (const [collection, { count, bytes: size, sha256, brLength, gzipLength }] of Object.entries(
      files,
    )) {
      read[collection] = {
        count,
        bytes: size,
        sha256,
        br: compressed.subarray(at, at + brLength),
        gzip: compressed.subarray(at + brLength, at + brLength + gzipLength),
        identity: () => identity(collection),
      };
      at += brLength + gzipLength;
    }
    return read;
  };
  const translations = Object.fromEntries(
    header.translations.map(([tag]) => [
      tag,
      JSON.parse(decoder.decode(sectionBytes(`translations/${tag}`))),
    ]),
  ) as Translations;
  const encoder = new TextEncoder();
  const dataset: Dataset = {
    registry,
    lists,
    meta: header.meta,
    publisher: (raw.publisher ?? {}) as Dataset['publisher'],
    rarities: header.rarities,
    stats: header.stats,
    sprites,
    history: header.history as unknown as Dataset['history'],
    language: raw.language ?? DEFAULT_LANGUAGE,
    translations,
    ...(raw.aliases ? { aliases: raw.aliases } : {}),
  };
  if (header.bulk)
    dataset.bulk = bulkFiles('bulk', header.bulk, (collection) =>
      collection === 'stats'
        ? encoder.encode(JSON.stringify(header.stats))
        : joinJsonArray(
            collectionOf(dataset, collection).records.map((record) =>
              encoder.encode(JSON.stringify(record)),
            ),
          ),
    );
  if (header.translatedBulk.length > 0)
    dataset.translatedBulk = Object.fromEntries(
      header.translatedBulk.map(([tag, files]) => [
        tag,
        bulkFiles(`bulk/${tag}`, files, (collection) =>
          encoder.encode(JSON.stringify(bulkRecords(dataset)(tag, collection))),
        ),
      ]),
    );
  return { dataset, history: raw.history };
}
