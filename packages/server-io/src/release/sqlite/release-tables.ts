import {
  buildSchemaComponents,
  bulkRecords,
  collectionOf,
  collectionNames,
  compareIds,
  elementIdentities,
  releaseHistory,
  recordHistoryOf,
  sortKeys,
  STAT_TRANSLATABLE_FIELDS,
  STATS,
  type Dataset,
  type ReleaseChange,
} from '@gamedata/core';
import type { ContentHashes } from '../content-hashes.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';
import {
  collectionTables,
  languageColumn,
  unlessDefault,
  type CollectionSource,
} from './collection-tables.js';
import type { JsonSchema } from './json-schema-columns.js';
import { quoted, type SqlValue, type TableSpec } from './sql-names.js';

const table = (
  name: string,
  create: string,
  columns: string[],
  rows: () => Iterable<SqlValue[]>,
): TableSpec => ({ name, create: [create], columns, rows });

/** Each change of an entry of the history as rows: the collection, the language of a translation's, the change and the id. */
function* changeRows(change: ReleaseChange): Iterable<SqlValue[]> {
  const { version } = change;
  const lists = (
    collections: Readonly<
      Record<string, { added: string[]; changed: string[]; removed: string[] }>
    >,
    lang: string | null,
  ) =>
    Object.entries(collections).flatMap(([collection, ids]) =>
      (['added', 'changed', 'removed'] as const).flatMap((kind) =>
        ids[kind].map((id): SqlValue[] => [version, collection, lang, kind, id]),
      ),
    );
  yield* lists(change.collections, null);
  yield* lists({ sprites: change.sprites }, null);
  for (const [tag, language] of Object.entries(change.translations ?? {})) {
    yield* lists(language.collections, tag);
    if (language.rarities) yield [version, 'rarities', tag, 'changed', null];
  }
}

/**
 * Every record's history, as `/v1/{list}/{id}/history` tells it in the default language: a row per
 * entry, newest first (`position` 0), each record of each list, the removed ones too.
 */
function* historyRows(dataset: Dataset): Iterable<SqlValue[]> {
  const history = releaseHistory(dataset);
  for (const descriptor of dataset.registry.lists) {
    const list = descriptor.name;
    const collection = collectionOf(dataset, list);
    const identities = elementIdentities(descriptor);
    const current = new Set(collection.ids);
    const removed = recordHistoryOf(dataset)
      .list(list)
      .stored.filter((id) => !current.has(id));
    const positionOf = new Map(collection.ids.map((id, at) => [id, at]));
    const ids = [...collection.ids, ...removed].sort(compareIds);
    for (const id of ids) {
      const position = positionOf.get(id) ?? -1;
      const states = history.states(list, id, position, dataset.language);
      if (!states) continue;
      const entries = history.entries(states, identities, () => collection.at(position));
      for (const [at, { version, published, change, fields }] of entries.entries())
        yield [list, id, at, version, published, change, JSON.stringify(fields)];
    }
  }
}

/**
 * Every table of a release's SQLite file, in the order they are filled (a row's foreign keys name rows
 * already there): the release's description, its languages and rarity scale (a name per language), the stat vocabulary and
 * each list (`collectionTables`), each collection's count and content hash, and the release history as
 * `/v1/changes` tells it. Laid out from the registry's descriptors and each record's JSON Schema, so
 * a field or list added there is in the file without an edit here.
 */
export function releaseTables(dataset: Dataset, hashes: ContentHashes): TableSpec[] {
  const { meta, language, rarities, translations, history, registry } = dataset;
  const others = Object.keys(translations);
  const languages = [language, ...others];
  const schemas = buildSchemaComponents(registry) as Record<string, JsonSchema>;
  const records = bulkRecords(dataset);
  const stats: CollectionSource = {
    name: STATS,
    idField: 'key',
    idColumn: 'stat_key',
    schema: schemas.Stat as JsonSchema,
    translatable: STAT_TRANSLATABLE_FIELDS,
    languages,
    records: (tag) => records(tag, STATS) as never,
  };
  const lists = registry.lists.map((descriptor): CollectionSource => ({
    name: descriptor.name,
    idField: 'id',
    idColumn: `${descriptor.noun.replaceAll(/[^a-z0-9]+/g, '_')}_id`,
    schema: schemas[descriptor.typeName] as JsonSchema,
    translatable: descriptor.translatable,
    languages,
    records: (tag) => records(tag, descriptor.name) as never,
    list: { descriptor, vocabulary: dataset, sortKeys: sortKeys(descriptor, dataset) },
  }));
  const changes = history.changes;
  return [
    table(
      'meta',
      'CREATE TABLE "meta" ("key" TEXT NOT NULL PRIMARY KEY, "value" NOT NULL)',
      ['key', 'value'],
      () => [
        ['schema_version', SQLITE_SCHEMA_VERSION],
        ['version', meta.version],
        ['published', meta.published],
        ['language', language],
        ['license', meta.license],
        ['docs', meta.docs],
        ['content_hash', hashes.hash],
      ],
    ),
    table(
      'languages',
      'CREATE TABLE "languages" ("tag" TEXT NOT NULL PRIMARY KEY, "is_default" INTEGER NOT NULL CHECK ("is_default" IN (0, 1)))',
      ['tag', 'is_default'],
      () => languages.map((tag) => [tag, tag === language ? 1 : 0]),
    ),
    table(
      'rarities',
      `CREATE TABLE "rarities" (${[
        '"value" INTEGER NOT NULL PRIMARY KEY',
        '"name" TEXT NOT NULL',
        ...others.map((tag) => `${quoted(languageColumn('name', tag))} TEXT`),
      ].join(', ')})`,
      ['value', 'name', ...others.map((tag) => languageColumn('name', tag))],
      () =>
        rarities.map(({ value, name }) => [
          value,
          name,
          ...others.map((tag) =>
            unlessDefault(translations[tag]?.rarities?.[String(value)] ?? name, name),
          ),
        ]),
    ),
    ...[stats, ...lists].flatMap(collectionTables),
    table(
      'collections',
      'CREATE TABLE "collections" ("name" TEXT NOT NULL PRIMARY KEY, "count" INTEGER NOT NULL, "content_hash" TEXT NOT NULL)',
      ['name', 'count', 'content_hash'],
      () =>
        collectionNames(registry).map((name) => {
          const collection = hashes.collections[name];
          if (!collection) throw new Error(`the content hashes lack ${name}`);
          return [name, collection.count, collection.hash];
        }),
    ),
    table(
      'releases',
      'CREATE TABLE "releases" ("version" TEXT NOT NULL PRIMARY KEY, "published" TEXT NOT NULL, "position" INTEGER NOT NULL UNIQUE)',
      ['version', 'published', 'position'],
      () => changes.map(({ version, published }, position) => [version, published, position]),
    ),
    {
      name: 'release_changes',
      create: [
        `CREATE TABLE "release_changes" ("version" TEXT NOT NULL REFERENCES "releases" ("version"), "collection" TEXT NOT NULL, "lang" TEXT, "change" TEXT NOT NULL CHECK ("change" IN ('added', 'changed', 'removed')), "id" TEXT)`,
        'CREATE INDEX "release_changes_by_version" ON "release_changes" ("version")',
        'CREATE INDEX "release_changes_by_collection_id" ON "release_changes" ("collection", "id")',
      ],
      columns: ['version', 'collection', 'lang', 'change', 'id'],
      rows: () => changes.flatMap((change) => [...changeRows(change)]),
    },
    {
      name: 'record_history',
      create: [
        `CREATE TABLE "record_history" ("collection" TEXT NOT NULL, "id" TEXT NOT NULL, "position" INTEGER NOT NULL, "version" TEXT NOT NULL, "published" TEXT NOT NULL, "change" TEXT NOT NULL CHECK ("change" IN ('added', 'changed', 'removed', 'restored', 'withdrawn')), "fields" TEXT NOT NULL CHECK (json_valid("fields")), PRIMARY KEY ("collection", "id", "position")) WITHOUT ROWID`,
      ],
      columns: ['collection', 'id', 'position', 'version', 'published', 'change', 'fields'],
      rows: () => historyRows(dataset),
    },
  ];
}
