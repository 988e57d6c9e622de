/**
 * Record types of the gamedata API, generated from the zod schemas of @gamedata/core by
 * scripts/generate-types.ts. Do not edit by hand: run `pnpm --filter @gamedata/sdk generate`.
 */

/**
 * An equippable or cosmetic item.
 *
 * @example
 * const item: Item = await gd.items.get('ashbringers-oath');
 */
export interface Item {
  /** Stable public key. */
  id: string;
  name: string;
  /** Plain text; colour markup is stripped. */
  description?: string;
  /** Slot family. */
  type?: string;
  /** Equipment slot. */
  slot?: string;
  /** Absent when the item has none. */
  subtype?: string;
  /** Numeric rarity, low to high (4 is legendary). */
  rarity: number;
  /** Name of the rarity, such as common, rare or legendary. */
  rarityName: string;
  cosmetic?: boolean;
  /** Sprite id; the artwork is served at /v1/img/{icon}.png. */
  icon?: string;
  /** Stats on this instance. */
  stats?: ItemStat[];
  /** Map from stat key to its roll range, [min, max]. */
  roll?: Record<string, [number, number]>;
  /** Legendary procs. */
  effects?: ItemEffect[];
  requirements?: ItemRequirement[];
  /** Display names of dungeons where the item drops. */
  dungeons?: string[];
}

/**
 * One stat on an item.
 *
 * @example
 * const might = item.stats?.find((s: ItemStat) => s.stat === 'mgt');
 */
export interface ItemStat {
  /** A stat key listed by /v1/stats. */
  stat: string;
  value: number;
  tags: string[];
}

/**
 * A legendary proc: `chance` is the percent chance that it fires in combat, never a drop rate.
 *
 * @example
 * const procs: ItemEffect[] = item.effects ?? [];
 */
export interface ItemEffect {
  trigger: string;
  label: string;
  impact: string;
  /** Seconds between procs. */
  cooldown: number;
  /** Percent chance that the effect fires in combat. Not a drop rate. */
  chance: number;
}

/**
 * A skill level needed to equip an item.
 *
 * @example
 * const needs = (item.requirements ?? []).map((r: ItemRequirement) => `${r.skill} ${r.level}`);
 */
export interface ItemRequirement {
  skill: string;
  level: number;
}

/**
 * An ability.
 *
 * @example
 * const ability: Ability = await gd.abilities.get('arcane-mark');
 */
export interface Ability {
  /** Stable public key. */
  id: string;
  name: string;
  description?: string;
  category?: string;
  /** Sprite id; the artwork is served at /v1/img/{icon}.png. */
  icon?: string;
}

/**
 * A relic.
 *
 * @example
 * const relic: Relic = await gd.relics.get('ashen-eye');
 */
export interface Relic {
  /** Stable public key. */
  id: string;
  name: string;
  label?: string;
  min?: number;
  max?: number;
  unit?: string;
  prefix?: string;
  /** Numeric rarity, low to high (4 is legendary). */
  rarity?: number;
  /** Name of the rarity, such as common, rare or legendary. */
  rarityName?: string;
  /** Sprite id; the artwork is served at /v1/img/{icon}.png. */
  icon?: string;
  unique?: boolean;
}

/**
 * A follower.
 *
 * @example
 * const follower: Follower = await gd.followers.get('bram-nine-lives');
 */
export interface Follower {
  /** Stable public key. */
  id: string;
  name: string;
  /** Numeric rarity, low to high (4 is legendary). */
  rarity?: number;
  /** Name of the rarity, such as common, rare or legendary. */
  rarityName?: string;
  /** Sprite id; the artwork is served at /v1/img/{icon}.png. */
  icon?: string;
}

/**
 * One entry of the public stat vocabulary.
 *
 * @example
 * const stats: Stat[] = await gd.stats.list();
 */
export interface Stat {
  /** The key used in item.stats[].stat and item.roll. */
  key: string;
  name: string;
  short?: string;
  unit?: string;
  description?: string;
  /** Public balance ceiling, where one is set. */
  cap?: number;
}

/**
 * Dataset description.
 *
 * @example
 * const { version, counts }: Meta = await gd.meta();
 */
export interface Meta {
  /** Dataset version, <YYYY-MM-DD>.<n>; also sent as x-dataset-version. */
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  /** Record count of each collection. */
  counts: {
    items: number;
    abilities: number;
    relics: number;
    followers: number;
    stats: number;
  };
  license: string;
  docs: string;
}

/**
 * The state of the instance that answered.
 *
 * @example
 * const { rateLimits, started }: Status = await gd.status();
 */
export interface Status {
  /** The dataset version this instance serves; also sent as x-dataset-version. */
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  /** How many dataset versions /v1/changes accepts as `since`: the releases whose changes this server keeps, the current one included. */
  sinceVersions: number;
  /** `shared` while every instance counts in one store (Redis); `per-instance` without one, or while it fails and this instance counts alone. */
  rateLimits: 'shared' | 'per-instance';
  /** When this instance started serving, as an RFC 3339 UTC timestamp. */
  started: string;
}

/**
 * A language the dataset is served in, and how complete its translation is.
 *
 * @example
 * const picker = (await gd.languages()).map((language: Language) => [language.tag, language.nativeName]);
 */
export interface Language {
  /** Its BCP 47 tag, as `lang` takes it and `content-language` names it. */
  tag: string;
  /** Its name in English. */
  name: string;
  /** Its name in itself, for a language picker. */
  nativeName: string;
  /** Whether it is the language the records are published in, which untranslated text falls back to. */
  default: boolean;
  /** Per collection, and for the rarity names, how much of the text it translates; complete for the default language. */
  coverage: {
    /** How much of one collection's text a language translates, counted in fields. */
    items: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
    /** How much of one collection's text a language translates, counted in fields. */
    abilities: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
    /** How much of one collection's text a language translates, counted in fields. */
    relics: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
    /** How much of one collection's text a language translates, counted in fields. */
    followers: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
    /** How much of one collection's text a language translates, counted in fields. */
    stats: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
    /** How much of one collection's text a language translates, counted in fields. */
    rarities: {
      /** Fields the language translates. */
      translated: number;
      /** Translatable fields the records have in the default language, an array element's each. */
      translatable: number;
      /** `translated / translatable`, rounded down to 4 decimals: 1 only when complete. */
      fraction: number;
    };
  };
}

/**
 * How many matching records have one value.
 *
 * @example
 * const [top]: FacetCount[] = (await gd.facets('items', { facet: ['slot'] })).data.slot ?? [];
 */
export interface FacetCount {
  /** A value of the field (a stat key, for `stat`), as its filter takes it. */
  value: string | number | boolean;
  /** How many matching records have it. */
  count: number;
}

/**
 * A record search found.
 *
 * @example
 * const [best]: SearchHit[] = (await gd.search('amulet fox')).data;
 */
export interface SearchHit {
  /** The collection the record is in. */
  collection: 'items' | 'abilities' | 'relics' | 'followers' | 'stats';
  /** The record's id; a stat's key (`/v1/stats`), for a stat. */
  id: string;
  /** The record's name, in the answer's language. */
  name: string;
  /** The rule that found it, best first: the whole name (`exact`); one of the names players call the record by, whole, which `alias` gives (`alias`); names that start with the text (`prefix`); names with a word starting with each typed word, in any order (`words`); names whose initials are the text — one word of 2 to 6 letters, the first letter of each word of the name, hyphenated and CamelCase parts words, joining words such as `of` and `the` kept or left out (`initials`); names that contain it, for 3 typed letters or more (`contains`); typos, for 4 typed letters or more: each typed word within one edit of a word of the name — a letter added, dropped, changed or two swapped — two for words of eight letters or more, none for a single letter, and, when nothing else matches, names within those edits once spaces are set aside (`fuzzy`). */
  match: 'exact' | 'alias' | 'prefix' | 'words' | 'initials' | 'contains' | 'fuzzy';
  /** The name players call the record by that `q` is, as the data writes it: only for `match: "alias"`. */
  alias?: string;
  /** Sprite id; the artwork is served at /v1/img/{icon}.png. */
  icon?: string;
}

/**
 * One release, and what it changed against the release before it; or, for a `since` that a rollback passed over, the current release and the net change from `since` to it.
 *
 * @example
 * const [next]: ReleaseChange[] = await gd.changes('2026-11-21.1');
 */
export interface ReleaseChange {
  /** The release, <YYYY-MM-DD>.<n>. */
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  collections: {
    items: CollectionChanges;
    abilities: CollectionChanges;
    relics: CollectionChanges;
    followers: CollectionChanges;
    stats: CollectionChanges;
  };
  sprites: SpriteChanges;
  /** Per language tag (as `lang` takes it), what the release changed in that language's translations; a language whose translations it left as they were is not listed, so a release that changed none has `{}`. Releases published before translations were in the change feed list none. */
  translations: Record<string, LanguageChanges>;
}

/**
 * One release's change to one record.
 *
 * @example
 * const [latest]: HistoryEntry[] = await gd.history('items', 'bronze-partisan');
 */
export interface HistoryEntry {
  /** The release; for `withdrawn`, the release rolled back. */
  version: string;
  /** When the release was published; for `withdrawn`, when it was rolled back. */
  published: string;
  /** `added` (first served), `changed`, `removed`, `restored` (served again after a removal) or `withdrawn` (a rollback took the release out of service, and the record went back to what the release served again). */
  change: 'added' | 'changed' | 'removed' | 'restored' | 'withdrawn';
  /** Every value the change changed, in the order the record gives its fields; empty when the record came or went whole (fetch it with `?at=`). */
  fields: FieldChange[];
}

/**
 * One value a release changed in a record.
 *
 * @example
 * for (const { path, from, to }: FieldChange of latest.fields) console.log(path, from, to);
 */
export interface FieldChange {
  /** Where in the record: a field (`rarity`), a member of an object (`roll.crit`), an element of a list by what tells it apart where the record has one (`stats[crit].value`, `stats[crit#2]` for a second element of the same stat) and by position where not (`effects[0].label`). */
  path: string;
  /** The value before, as the API served it; absent where the release added it. */
  from?: unknown;
  /** The value after, as the API served it; absent where the release removed it. */
  to?: unknown;
}

/**
 * One collection's bulk file in one language: every public record as one JSON array.
 *
 * @example
 * const [items]: BulkFileEntry[] = await gd.bulk.index();
 */
export interface BulkFileEntry {
  collection: 'items' | 'abilities' | 'relics' | 'followers' | 'stats';
  /** The language of the file's text (BCP 47), a language /v1/languages lists: the default language's files first, then each translation's. */
  language: string;
  /** The release the file belongs to. */
  version: string;
  /** Records in the file. */
  count: number;
  /** Size of the uncompressed file. */
  bytes: number;
  /** SHA-256 of the uncompressed file, as hex; also its strong etag. */
  sha256: string;
  /** Where to download it, relative to the API: names the version, so it may be cached for a year, and, for a translated file, its language (`lang`). */
  url: string;
}

/**
 * The whole release as one SQLite database: a table per collection with a column per field and the JSON the API serves, every language's text, FTS5 search, the release history.
 *
 * @example
 * const file: SqliteFile | undefined = await gd.bulk.sqlite();
 */
export interface SqliteFile {
  /** Its name, which names its release: gamedata-<version>.sqlite. */
  file: string;
  /** The release the file holds. */
  version: string;
  /** Size of the file, uncompressed. */
  bytes: number;
  /** SHA-256 of the file, as hex; also its strong etag. */
  sha256: string;
  /** The version of the file's layout, also its PRAGMA user_version: a change to its tables or columns bumps it. */
  schema: number;
  /** Where to download it, relative to the API: names the version, so it may be cached for a year. Sent as br or gzip when Accept-Encoding allows; byte ranges (Range) of the file as it is. */
  url: string;
}

/**
 * What one release changed in one collection.
 *
 * @example
 * const { added, changed, removed }: CollectionChanges = next.collections.items;
 */
export interface CollectionChanges {
  /** Ids of the records the release added (stat keys, for stats). */
  added: string[];
  /** Ids of the records whose public fields the release changed. */
  changed: string[];
  /** Ids of the records the release removed. */
  removed: string[];
}

/**
 * What one release changed in the artwork, by sprite id (the `icon` of a record): the same shape as a collection's changes.
 *
 * @example
 * for (const id of next.sprites.changed) console.log(`${gd.imageUrl(id)} shows a new image`);
 */
export interface SpriteChanges {
  /** Sprite ids the release added: new URLs under /v1/img/. */
  added: string[];
  /** Sprite ids whose image the release replaced: the same URL serves another image now, though a cache may show the old one until it expires. */
  changed: string[];
  /** Sprite ids the release removed: their URLs now answer 404. */
  removed: string[];
}

/**
 * What one release changed in one language's translations, per collection and in the rarity names. A language the release added lists every translated id as added; one it removed, every id as removed. Only the text of that language: a record changed in every language is listed under the release's `collections` instead.
 *
 * @example
 * const german: LanguageChanges | undefined = next.translations['de'];
 */
export interface LanguageChanges {
  collections: {
    items: TranslationChanges;
    abilities: TranslationChanges;
    relics: TranslationChanges;
    followers: TranslationChanges;
    stats: TranslationChanges;
  };
  /** Whether the release changed the language's rarity names (added, changed or removed any): every record with a `rarityName` then reads differently in this language. */
  rarities: boolean;
}

/**
 * What one release changed in one collection's translations into one language: the same shape as a collection's changes.
 *
 * @example
 * const refetch = [...(german?.collections.items.added ?? []), ...(german?.collections.items.changed ?? [])];
 */
export interface TranslationChanges {
  /** Ids (stat keys, for stats) whose translation the release added: in this language the record now shows its own text. */
  added: string[];
  /** Ids whose translated text the release changed. */
  changed: string[];
  /** Ids whose translation the release removed: in this language the record now falls back to the default language's text. The record itself is removed only if the release's `collections` says so. */
  removed: string[];
}

/**
 * The meta object of list responses.
 *
 * @example
 * const { total, count, cursor }: CollectionMeta = (await gd.items.list()).meta;
 */
export interface CollectionMeta {
  /** Matches for the query across all pages. */
  total: number;
  /** Records in this page. */
  count: number;
  /** Opaque; pass as ?cursor= for the next page. Absent when results are exhausted. */
  cursor?: string;
}

/**
 * Every error response.
 *
 * @example
 * const body: ErrorBody = { error: { code: 'not_found', message: 'No item with id "x".' } };
 */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
  };
}

/**
 * The error codes of the contract (README, "API overview").
 *
 * @example
 * if (error instanceof GameDataError && error.code === 'rate_limited') console.warn(error.message);
 */
export type ErrorCode = 'not_found' | 'bad_request' | 'rate_limited' | 'method_not_allowed' | 'internal';
