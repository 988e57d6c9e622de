import { createHash } from 'node:crypto';
import {
  collectionNames,
  collectionOf,
  DEFAULT_LANGUAGE,
  STATS,
  type Dataset,
  type LanguageTranslations,
} from '@gamedata/core/runtime';

/** SHA-256 as lower-case hex: the content hashes of a release, and of the files it is made of. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface CollectionHashes {
  count: number;
  /** Hash over every record's id and hash, in id order. */
  hash: string;
  /** Each record's hash (the hash of its public JSON), by id (by key for stats). */
  records: Record<string, string>;
}

/** One language's translations: per collection, each translated record's hash (the hash of its translated fields). */
export interface LanguageHashes {
  /** Hash over its collections' hashes and its rarity names. */
  hash: string;
  collections: Record<string, CollectionHashes>;
  /**
   * Hash of its rarity names (`{}` when it translates none), so the change feed can tell whether they
   * changed; absent from releases published before that.
   */
  rarities?: string;
}

export interface ContentHashes {
  /** The whole release's content: every collection, the sprites, the licence, docs and rarity scale, the language and translations. */
  hash: string;
  collections: Record<string, CollectionHashes>;
  sprites: { count: number; hash: string; files: Record<string, string> };
  /** Each language's translations, by tag; absent when the release has none (and from releases published before them). */
  translations?: Record<string, LanguageHashes>;
}

/** A collection's public records by id (stats by key), in the order the API serves them. */
export function recordsById(dataset: Dataset, name: string): Array<[id: string, record: object]> {
  if (name === STATS) return dataset.stats.map((stat) => [stat.key, stat]);
  return collectionOf(dataset, name).records.map((record) => [record.id, record]);
}

function hashOfHashes(entries: Iterable<[string, string]>): string {
  const hash = createHash('sha256');
  for (const [id, value] of entries) hash.update(`${id} ${value}\n`);
  return hash.digest('hex');
}

function collectionHashes(records: ReadonlyArray<[id: string, record: object]>): CollectionHashes {
  const hashes = Object.fromEntries(
    records.map(([id, record]) => [id, sha256(JSON.stringify(record))]),
  );
  return { count: records.length, hash: hashOfHashes(Object.entries(hashes)), records: hashes };
}

/** The hash of a language's rarity names, by value; `raritiesHash({})` for a language that translates none. */
export const raritiesHash = (rarities: Readonly<Record<string, string>>): string =>
  sha256(JSON.stringify(rarities));

function languageHashes(names: readonly string[], language: LanguageTranslations): LanguageHashes {
  const collections: LanguageHashes['collections'] = {};
  for (const name of names)
    collections[name] = collectionHashes(Object.entries(language.collections[name] ?? {}));
  const summary = {
    rarities: language.rarities ?? {},
    collections: names.map((name) => [name, collections[name]!.hash]),
  };
  return {
    hash: sha256(JSON.stringify(summary)),
    collections,
    rarities: raritiesHash(summary.rarities),
  };
}

/**
 * The content hashes of a public dataset. They depend on what the API serves and nothing else — not
 * on the version or the published time — so two releases with one hash serve the same bytes.
 *
 * @example contentHashes(dataset).collections.items.records['ember-blade'] // '3f1c…'
 */
export function contentHashes(dataset: Dataset): ContentHashes {
  const names = collectionNames(dataset.registry);
  const collections: ContentHashes['collections'] = {};
  for (const name of names) collections[name] = collectionHashes(recordsById(dataset, name));
  const spriteFiles = Object.fromEntries(
    [...dataset.sprites]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, sprite]) => [id, sha256(sprite.bytes)]),
  );
  const sprites = {
    count: Object.keys(spriteFiles).length,
    hash: hashOfHashes(Object.entries(spriteFiles)),
    files: spriteFiles,
  };
  const { license, docs } = dataset.meta;
  // The publisher (licence id and URL, contact) is in the OpenAPI document the API serves. It joins
  // the summary only when it says something, so a release without one keeps the hash it always had.
  const publisher =
    Object.keys(dataset.publisher).length > 0 ? { publisher: dataset.publisher } : {};
  const translations = Object.fromEntries(
    Object.entries(dataset.translations).map(([tag, language]) => [
      tag,
      languageHashes(names, language),
    ]),
  );
  const translated = Object.keys(translations).length > 0;
  // Likewise the language and the translations: a release in the default language without any keeps its hash.
  const languages =
    translated || dataset.language !== DEFAULT_LANGUAGE
      ? {
          language: dataset.language,
          translations: Object.entries(translations).map(([tag, hashes]) => [tag, hashes.hash]),
        }
      : {};
  const summary = {
    license,
    docs,
    ...publisher,
    rarities: dataset.rarities,
    sprites: sprites.hash,
    collections: names.map((name) => [name, collections[name]!.hash]),
    ...languages,
    // Search finds records by them: a release that changes only its aliases is a new release.
    ...(dataset.aliases ? { aliases: sha256(JSON.stringify(dataset.aliases)) } : {}),
  };
  return {
    hash: sha256(JSON.stringify(summary)),
    collections,
    sprites,
    ...(translated ? { translations } : {}),
  };
}
