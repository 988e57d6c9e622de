import type { SearchAliases } from './aliases.js';
import type { ListName } from '../collections/list-names.js';
import type { Registry } from '../collections/registry.js';
import type { AnyListRecord, ListTypes } from '../collections/list-types.js';
import type { z } from 'zod';
import type { LIST_RECORD_SCHEMAS, Meta, Stat } from '../schemas/records.js';
import type { Collection } from './collection.js';
import type { StoredRecords } from './record-blocks.js';
import type { Manifest, RarityLevel } from './export-schemas.js';
import type { BulkFiles } from './bulk.js';
import type { ReleaseDatabase } from './release-database.js';
import type { ReleaseHistory } from './release-history.js';
import type { RecordHistory } from '../history/record-history.js';
import type { Translations } from './translations.js';

/** An export's manifest (dataset/README.md, "Files"). */
export const MANIFEST_FILE = 'manifest.json';

/**
 * The file of a collection in an export: `items.json`, `stats.json`. An export's files are its
 * manifest and its collections' files, each at its top level, and its `sprites/` and `translations/`.
 *
 * @example collectionFile('relics') // 'relics.json'
 */
export function collectionFile(collection: string): string {
  return `${collection}.json`;
}

/** What an adapter reads from storage and hands to `loadDataset`; core itself does no I/O. */
export interface DatasetSource {
  /**
   * Text of each JSON file at the export's top level, by file name (the manifest and each
   * collection's, `collectionFile`), and of every file under `translations/`, by its path in the
   * export (`translations/de/items.json`); a missing or unread file is absent.
   */
  files: Readonly<Record<string, string | undefined>>;
  /** PNG bytes of each sprite, by sprite id (the file name without `.png`); an unread one is absent. */
  sprites: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
  /**
   * The size in bytes of each file the adapter did not read because it is over its limit
   * (`fileSizeLimit`), by its path in the export: `items.json`, `sprites/axe.png`. The loader reports
   * each one. An adapter checks a file's size before it reads it, as holding the file is the harm.
   */
  unread?: ReadonlyMap<string, number>;
}

/**
 * A sprite's path in an export, as problems name it.
 *
 * @example spriteFile('sword.4') // 'sprites/sword.4.png'
 */
export function spriteFile(id: string): string {
  return `sprites/${id}.png`;
}

/** What a release adds to an export when it is published: its version and when. */
export interface ReleaseStamp {
  /** `YYYY-MM-DD.n`. */
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
}

export interface Sprite {
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong, content-based etag. */
  etag: string;
}

/** The record type of each of the API's lists (README, "API overview"), as its public schema gives it. */
export type GameLists = { [K in ListName]: z.infer<(typeof LIST_RECORD_SCHEMAS)[K]> };

/** The public record type of one of the API's lists: `ListRecord<'items'>` is `Item`. */
export type ListRecord<K extends ListName> = GameLists[K];

/** Each paginated list's collection, under its name. */
export type DatasetLists<L extends ListTypes = ListTypes> = {
  readonly [K in keyof L]: Collection<L[K]>;
};

/**
 * How the data may be reused and who answers for it, as the manifest gives them: the OpenAPI
 * document's `info.license` and `info.contact`. Each part is optional, and older releases have none.
 */
export type Publisher = Pick<Manifest, 'licenseId' | 'licenseUrl' | 'contact'>;

/** What a release keeps of a list in one language, worked out from its translations when published. */
export interface StoredLanguageList<T> {
  /** The records in the language, as JSON. */
  readonly records: StoredRecords<T>;
  /** The positions of the records that keep text in the default language, ascending. */
  readonly fellBack: readonly number[];
  /** The names in the language, lower-cased; absent when they are all the default language's. */
  readonly searchNames?: readonly string[];
}

/**
 * A list in one of a dataset's languages as its release keeps it (`Dataset.localized`): the records'
 * JSON in that language, which keep text in the default language, and the names. The languages'
 * views of the release (`releaseLanguages`) make the list's collection in that language from it.
 */
export type LocalizedList = (
  tag: string,
  list: string,
) => StoredLanguageList<AnyListRecord> | undefined;

/** The stat vocabulary in one language, and the positions of the stats that keep text in the default language. */
export interface LanguageStats {
  stats: readonly Stat[];
  fellBack: readonly number[];
}

/**
 * Every record's hit in one language, but for its collection and rule, as UTF-8 end to end
 * (`/v1/search`): entry `n`'s `"id":…,"name":…` (as `JSON.stringify` writes those members of a
 * `SearchHit`) is `bytes` from `starts[2n]` to `starts[2n + 1]`, and its `,"icon":…` (nothing when it
 * has none) from there to `starts[2n + 2]`. Entries in the order search numbers them: each list's
 * records in LIST_NAMES order, then the stats by key.
 */
export interface HitTexts {
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
}

/**
 * A validated, immutable dataset: public records only, nothing internal survives loading. `L` types
 * its lists: `GameDataset` for the API's own, any lists for code written once for every list.
 */
export interface Dataset<L extends ListTypes = ListTypes> {
  /** The registry its lists were indexed by: which lists it has, in order, and what a query may do with each. */
  registry: Registry;
  /** Each list's records, by the list's name in `registry`. */
  lists: DatasetLists<L>;
  meta: Meta;
  publisher: Publisher;
  rarities: readonly RarityLevel[];
  stats: readonly Stat[];
  sprites: ReadonlyMap<string, Sprite>;
  /** The releases before this one that it can describe changes from (`/v1/changes`). */
  history: ReleaseHistory;
  /**
   * Every record's past, release by release (`/v1/{list}/{id}/history`, `?at=`): a release's own;
   * absent for a dataset loaded from an export, whose records were all added in it.
   */
  recordHistory?: RecordHistory;
  /** The language of the records' text: the manifest's, `en` when it names none. A canonical BCP 47 tag. */
  language: string;
  /** The text of the records in other languages, by language (served with `lang`). Empty when the export has none. */
  translations: Translations;
  /**
   * The names players call records by, in each language (dataset/README.md, "Aliases"): search data
   * only, never served in a record. Absent when no record has any.
   */
  aliases?: SearchAliases;
  /** Each collection's bulk file in the default language (`/v1/bulk`): made when a release is published, absent before. */
  bulk?: BulkFiles;
  /**
   * Each collection's bulk file in each language of `translations`, by its tag: the records as `lang`
   * serves them (`/v1/bulk/{collection}.json?lang=de`), made and compressed with `bulk` when a release
   * is published. Absent before, for a release without translations, and from releases published
   * before bulk files per language.
   */
  translatedBulk?: Readonly<Record<string, BulkFiles>>;
  /**
   * A list in a language of `translations` as the release keeps it, translated when it was published:
   * each record's JSON, which records fall back, the names. Absent from a dataset read from an export,
   * and from releases published before; `localizeCollection` then translates records as they are read.
   */
  localized?: LocalizedList;
  /**
   * The stat vocabulary in a language of `translations` as the release keeps it, translated when it
   * was published. Absent wherever `localized` is absent, and from releases published before; undefined for
   * a language it does not keep.
   */
  localizedStats?: (tag: string) => LanguageStats | undefined;
  /**
   * Each record's hit in a language of the release (`/v1/search`), as the release keeps them: written
   * when it was published, so a search reads no record. Absent from a dataset read from an export,
   * and from releases published before; undefined for a language it does not keep.
   */
  searchTexts?: (tag: string) => HitTexts | undefined;
  /**
   * The release's SQLite file (`/v1/sqlite/{file}`), as its adapter serves it. Absent from a
   * dataset read from an export or a release file alone, and from releases published before the file.
   */
  database?: ReleaseDatabase;
}

/** A dataset of the API's own lists, typed: `dataset.lists.items` holds `Item`s. */
export type GameDataset = Dataset<GameLists>;

/**
 * A list's collection, for code written once for every list: a registry names only lists its
 * datasets hold, so a name it does not know is a caller's mistake, thrown.
 *
 * @example collectionOf(dataset, 'relics').get('ember-idol')?.name // 'Ember Idol'
 */
export function collectionOf(
  dataset: Pick<Dataset, 'lists'>,
  list: string,
): Collection<AnyListRecord> {
  const collection = Object.hasOwn(dataset.lists, list) ? dataset.lists[list] : undefined;
  if (collection === undefined) throw new Error(`the dataset has no list "${list}"`);
  return collection;
}
