import type { Dataset, SqliteGuide } from '@gamedata/core';

/**
 * What each table of a release's SQLite file holds (layout `SQLITE_SCHEMA_VERSION`), in CommonMark's
 * inline code: the README's table of tables and /docs's, which a test holds to this.
 */
export const SQLITE_TABLES: SqliteGuide['tables'] = [
  [
    '`items`, `abilities`, `relics`, `followers`, `stats`',
    "A row per record: `rowid`, its place in the collection (`id` order; the vocabulary's for `stats`), which its FTS5 table names it by; a typed column per scalar field (a flag is 0 or 1, absent is NULL); each translatable text field in every other language, `<field>_<lang>` (`name_de`: NULL where that language's text is the default's, untranslated or translated alike, so `COALESCE(name_de, name)` is the German name); in the four lists, `name_order` and `name_order_<lang>`, its place in the API's sort by name in each language (ties share one; then by `id`); and `json`, the record exactly as the API serves it in the default language. `items` also has a column per stat key, `stat_<key>` (the stat's total on the item), and per roll, `roll_<key>_min` and `roll_<key>_max`; NULL without them.",
  ],
  [
    '`items_stats`, `items_effects`, `items_requirements`, `items_dungeons`, `items_roll`',
    "A row per element of an array field (`item_id`, `position`, its fields) or per key of a map (`items_roll`: `item_id`, `key`, `min`, `max`), with foreign keys to the record and, for a roll's key, to `stats`; an element's translatable text in every other language beside it (`label_de`, `skill_de`, `value_de` for a dungeon; NULL where it is the default's).",
  ],
  [
    '`<collection>_fts`',
    "FTS5 over the text fields (names, descriptions, a relic's label and unit, a stat's short name and unit), a column per field and language (`unicode61`, accents removed; column filters, not phrases): `MATCH '{name name_de}: sword'` searches the names in the default language and German. Its `rowid` is the record's, which holds within one file only (a release that adds a record numbers them anew).",
  ],
  [
    '`languages`, `rarities`',
    "The release's languages (`is_default`); its rarity scale, each name in every other language (`name_de`, NULL where it is the default's).",
  ],
  [
    '`meta`, `collections`, `releases`, `release_changes`',
    "The version, published time, language, licence, docs, content hash and layout version; each collection's record count and content hash; and the history the release was published with (its ancestors, as `/v1/changes` lists them): each release, and each id it added, changed or removed, by collection and (for a translation) language.",
  ],
  [
    '`record_history`',
    "Every record's history as `/v1/{list}/{id}/history` tells it in the default language, removed records' too: a row per entry (`collection`, `id`, `position`, 0 the newest), its `version`, `published`, `change` (`added`, `changed`, `removed`, `restored`, `withdrawn`) and `fields`, the values it changed as a JSON array of `{ path, from, to }`.",
  ],
];

/** A question users ask of the file, and the columns it names that a release may lack: languages' and stat keys'. */
interface Question {
  readonly sql: string;
  readonly languages?: readonly string[];
  readonly stats?: readonly string[];
}

/**
 * Questions users ask, in SQL, each headed by what it asks and the API request that answers the same:
 * the README's, which a test runs against the demo's file and compares with the API's answers.
 */
export const SQLITE_QUESTIONS: readonly Question[] = [
  {
    sql: `-- Head items with at least 10 Might, by name, in German (/v1/items?slot=head&stat[mgt]=10..&sort=name&lang=de)
SELECT id, COALESCE(name_de, name) AS name
FROM items
WHERE slot = 'head' AND stat_mgt >= 10
ORDER BY name_order_de, id;`,
    languages: ['de'],
    stats: ['mgt'],
  },
  {
    sql: `-- Items named with the word "amulet", in any language (a search of the names)
SELECT items.id
FROM items_fts JOIN items ON items.rowid = items_fts.rowid
WHERE items_fts MATCH '{name name_de name_es name_fr}: amulet'
ORDER BY items.id;`,
    languages: ['de', 'es', 'fr'],
  },
  {
    sql: `-- What the last release changed (/v1/changes?since=<the release before>)
SELECT collection, lang, change, id
FROM release_changes
WHERE version = (SELECT version FROM releases ORDER BY position DESC LIMIT 1)
ORDER BY collection, lang, change, id;`,
  },
  {
    sql: `-- Items whose Might roll overlaps 8 to 12 (/v1/items?roll[mgt]=8..12)
SELECT id, roll_mgt_min AS min, roll_mgt_max AS max
FROM items
WHERE roll_mgt_min <= 12 AND roll_mgt_max >= 8
ORDER BY id;`,
    stats: ['mgt'],
  },
  {
    sql: `-- How many epic-or-better items each slot has, a facet as GROUP BY (/v1/facets/items?rarity=epic..&facet=slot)
SELECT slot AS value, count(*) AS count
FROM items
WHERE rarity >= (SELECT value FROM rarities WHERE name = 'epic') AND slot IS NOT NULL
GROUP BY slot
ORDER BY count DESC, value;`,
  },
  {
    sql: `-- Every item's effects in German, translated where German has them (/v1/items?lang=de&fields=effects)
SELECT item_id, position,
  COALESCE(trigger_de, trigger) AS trigger, COALESCE(label_de, label) AS label,
  COALESCE(impact_de, impact) AS impact, cooldown, chance
FROM items_effects
ORDER BY item_id, position;`,
    languages: ['de'],
  },
];

/** What of a release the guide reads: its languages and stat keys. */
export type GuidedDataset = Pick<Dataset, 'translations' | 'stats'>;

/**
 * What /docs says of a release's SQLite file: its tables, and the questions whose columns the
 * release's file has (a release without German, or without the stat `mgt`, is shown none that name
 * them).
 */
export function sqliteGuide(dataset: GuidedDataset): SqliteGuide {
  const stats = new Set(dataset.stats.map(({ key }) => key));
  return {
    tables: SQLITE_TABLES,
    questions: SQLITE_QUESTIONS.filter(
      (question) =>
        (question.languages ?? []).every((tag) => Object.hasOwn(dataset.translations, tag)) &&
        (question.stats ?? []).every((key) => stats.has(key)),
    ).map(({ sql }) => sql),
  };
}
