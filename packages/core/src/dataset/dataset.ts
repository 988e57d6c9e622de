import type { ListName } from '../collections/list-names.js';
import type { Ability, Follower, Item, Meta, Relic, Stat } from '../schemas/records.js';
import type { Collection } from './collection.js';
import type { StoredRecords } from './record-blocks.js';
import type { Manifest, RarityLevel } from './export-schemas.js';
import type { BulkFiles } from './bulk.js';
import type { ReleaseHistory } from './release-history.js';
import type { Translations } from './translations.js';

/** The files a dataset directory holds, besides its `sprites/` folder. */
export const DATASET_FILES = {
  manifest: 'manifest.json',
  items: 'items.json',
  abilities: 'abilities.json',
  relics: 'relics.json',
  followers: 'followers.json',
  stats: 'stats.json',
} as const;

/** What an adapter reads from storage and hands to `loadDataset`; core itself does no I/O. */
export interface DatasetSource {
  /**
   * Text of each file in `DATASET_FILES`, by file name, and of every file under `translations/`, by
   * its path in the export (`translations/de/items.json`); a missing or unread file is absent.
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

/** The public record type of each list; a list without one here does not compile. */
interface ListRecords {
  items: Item;
  abilities: Ability;
  relics: Relic;
  followers: Follower;
}

/** The public record type of a list: `ListRecord<'items'>` is `Item`. */
export type ListRecord<K extends ListName> = ListRecords[K];

/** Each paginated list's collection, under its name: `dataset[list]` is typed for any `list`. */
export type DatasetLists = { readonly [K in ListName]: Collection<ListRecord<K>> };

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
export type LocalizedList = <K extends ListName>(
  tag: string,
  list: K,
) => StoredLanguageList<ListRecord<K>> | undefined;

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

/** A validated, immutable dataset: public records only, nothing internal survives loading. */
export interface Dataset extends DatasetLists {
  meta: Meta;
  publisher: Publisher;
  rarities: readonly RarityLevel[];
  stats: readonly Stat[];
  sprites: ReadonlyMap<string, Sprite>;
  /** The releases before this one that it can describe changes from (`/v1/changes`). */
  history: ReleaseHistory;
  /** The language of the records' text: the manifest's, `en` when it names none. A canonical BCP 47 tag. */
  language: string;
  /** The text of the records in other languages, by language (served with `lang`). Empty when the export has none. */
  translations: Translations;
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
}

/**
 * A list's collection, typed by the list's name, for code written once for every list (TypeScript
 * relates `lists[list]` to `list` through the mapped type, not through `Dataset`, which extends it).
 *
 * @example collectionOf(dataset, 'relics').get('ember-idol')?.name // 'Ember Idol'
 */
export function collectionOf<K extends ListName>(
  lists: DatasetLists,
  list: K,
): Collection<ListRecord<K>> {
  return lists[list];
}
