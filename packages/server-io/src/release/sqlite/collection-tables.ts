import {
  foldCase,
  nameRanks,
  sortKeys,
  type FieldEntry,
  type ListDescriptor,
  type TranslatableFields,
} from '@gamedata/core';

type SortSource = ReturnType<typeof sortKeys> extends ReadonlyMap<string, infer S> ? S : never;
import { cellOf, columnSql, isScalar, placeOf, type JsonSchema } from './json-schema-columns.js';
import { cell, quoted, type SqlValue, type TableSpec } from './sql-names.js';

type Row = Readonly<Record<string, unknown>>;

/** A collection as its tables are made from it: a list of the registry, or the stat vocabulary. */
export interface CollectionSource {
  /** The collection's name, its table's. */
  readonly name: string;
  /** The field that names a record (`id`; a stat's `key`) and the column naming it in the other tables (`item_id`). */
  readonly idField: string;
  readonly idColumn: string;
  /** Its public record's JSON Schema. */
  readonly schema: JsonSchema;
  /**
   * Its translatable fields: each text field a column per language, searched by its FTS5 table; each
   * array's translated elements a column per language of the array's table.
   */
  readonly translatable: TranslatableFields;
  /** Every language of the release, the default first. */
  readonly languages: readonly string[];
  /** Its records in a language, as the API serves them there. */
  records(tag: string): readonly Row[];
  /** A list's descriptor and the sort keys it has in the release (`sortKeys`): indexes, keyed columns and name order. */
  readonly list?: {
    readonly descriptor: ListDescriptor;
    /** What its sort keys are made from: the stat vocabulary and the rarity scale. */
    readonly vocabulary: Parameters<typeof sortKeys>[1];
    readonly sortKeys: ReadonlyMap<string, SortSource>;
  };
}

/** A keyed number's column on its list's table: `stat_might` for the sort key `stat.might`. */
interface KeyedColumn {
  readonly column: string;
  readonly family: string;
  readonly key: string;
}

const indexName = (table: string, ...columns: string[]) =>
  quoted(`${table}_by_${columns.join('_')}`);

/** The sort keys of a field's numbers, each a column (`stat.might` → `stat_might`). */
function keyedColumns(source: CollectionSource, entry: FieldEntry<never>): KeyedColumn[] {
  if (!entry.numbers || !entry.sort || !source.list) return [];
  return entry.sort
    .keys(source.list.vocabulary)
    .flatMap(([name, sorted]) =>
      sorted.kind === 'number' && sorted.key !== undefined
        ? [{ column: name.replaceAll('.', '_'), family: sorted.field, key: sorted.key }]
        : [],
    );
}

/** The names of a map's tuple: `min`, `max` for `roll`, from its sort keys (`roll.<key>.min`); else `value_0`… */
function tupleNames(
  source: CollectionSource,
  entry: FieldEntry<never> | undefined,
  length: number,
): string[] {
  const prefix = `${entry?.field}.`;
  const families = (source.list && entry?.sort?.keys(source.list.vocabulary)) || [];
  const ends = [
    ...new Set(
      families.flatMap(([, sorted]) =>
        sorted.kind === 'number' && sorted.field.startsWith(prefix)
          ? [sorted.field.slice(prefix.length)]
          : [],
      ),
    ),
  ];
  return ends.length === length ? ends : Array.from({ length }, (_, i) => `value_${i}`);
}

/**
 * A language's column of a translated field or of the order by name: `name_de` for `name` in `de`,
 * `name_order_pt_br` for `name_order` in `pt-BR`.
 */
export const languageColumn = (column: string, tag: string): string =>
  `${column}_${tag.toLowerCase().replaceAll(/[^a-z0-9]+/g, '_')}`;

/** Each source's records by language, made once for its own table and each child table. */
const byLanguage = new WeakMap<CollectionSource, ReadonlyArray<readonly Row[]>>();

/** A collection's records in each of its languages, the default's first, every list in the default's order. */
function recordsByLanguage(source: CollectionSource): ReadonlyArray<readonly Row[]> {
  const known = byLanguage.get(source);
  if (known) return known;
  const { name, idField, languages } = source;
  const [defaults = [], ...others] = languages.map((tag) => source.records(tag));
  for (const [i, records] of others.entries())
    if (
      records.length !== defaults.length ||
      records.some((record, at) => record[idField] !== defaults[at]?.[idField])
    )
      throw new Error(`${name} in ${languages[i + 1]} are not in the default language's order`);
  const records = [defaults, ...others];
  byLanguage.set(source, records);
  return records;
}

/** A field translated as one text that is no scalar column of its table (an array translated whole): the file has no place for it. */
const translatedWhole = (collection: string, field: string) =>
  new Error(`${collection}.${field} is translated whole: the SQLite file has no layout for it`);

/** A table's columns, refused where two share a name, as SQLite compares them (a field `name_de` beside `name` in German). */
function distinct(table: string, columns: readonly string[]): readonly string[] {
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.toLowerCase()))
      throw new Error(`the SQLite table ${table} would have two columns named ${column}`);
    seen.add(column.toLowerCase());
  }
  return columns;
}

/** What of an array field's elements a language translates: `value` for text elements, else the fields it names. */
function elementTexts(source: CollectionSource, field: string): readonly string[] {
  const translated = source.translatable[field];
  if (translated === undefined) return [];
  if (translated === 'text') throw translatedWhole(source.name, field);
  return translated.each === 'text' ? ['value'] : translated.each;
}

/**
 * A cell of a language's column: NULL where that language's text is the default's (untranslated, or
 * translated alike), so `COALESCE(name_de, name)` is the text in German and a NULL says it is the
 * default's — and a language left untranslated costs the file nothing.
 */
export const unlessDefault = (value: SqlValue, fallback: SqlValue): SqlValue =>
  value === fallback ? null : value;

/** An element's text: the element itself when it is text (`value`), else its field. */
const textOf = (element: unknown, text: string): unknown =>
  text === 'value' ? element : (element as Row | undefined)?.[text];

/**
 * A collection's tables. Its own: `rowid` (the record's place in its list, which FTS5 names it by), a
 * column per scalar field, a column per translatable text field in each other language (`name_de`,
 * NULL where it is the default's: `unlessDefault`), a list's place in the API's sort by name in each language
 * (`name_order`, `name_order_de`), a column per keyed number (a stat's total, a roll's ends), and
 * `json`, the record as the API serves it. A child table per array or map field, keyed by the record
 * and position (or key), its foreign key declared, with an element's translated text in each other
 * language beside it (`label_de`, likewise). `<name>_fts`, FTS5 over the text fields in every language. An
 * index for each filter and sort.
 */
export function collectionTables(source: CollectionSource): TableSpec[] {
  const { name, idField, idColumn, schema, languages } = source;
  const others = languages.slice(1);
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  const entries = new Map(source.list?.descriptor.fields.map((entry) => [entry.field, entry]));
  const own: Array<{ field: string; sql: string; schema: JsonSchema }> = [];
  const children: TableSpec[] = [];
  const keyed: KeyedColumn[] = [];
  const indexed: string[] = [];
  const head = `${quoted(idColumn)} TEXT NOT NULL REFERENCES ${quoted(name)} (${quoted(idField)})`;

  for (const [field, fieldSchema] of properties) {
    const place = placeOf(field, fieldSchema, required.has(field));
    const entry = entries.get(field);
    if (place.kind === 'column') {
      own.push({
        field,
        sql: field === idField ? `${place.sql} UNIQUE` : place.sql,
        schema: fieldSchema,
      });
      const sortsByIt = [...(source.list?.sortKeys.values() ?? [])].some(
        (sorted) => sorted.kind === 'number' && sorted.field === field && sorted.key === undefined,
      );
      if (field !== idField && (entry?.filter?.field === field || sortsByIt)) indexed.push(field);
      continue;
    }
    if (entry) keyed.push(...keyedColumns(source, entry));
    if (place.kind === 'map') {
      if (source.translatable[field] !== undefined)
        throw new Error(
          `${name}.${field} is a translated map: the SQLite file has no layout for it`,
        );
      children.push(mapTable(source, field, place.value, entry, head));
      continue;
    }
    const elements: ReadonlyArray<[string, JsonSchema, boolean]> =
      place.kind === 'values'
        ? [['value', place.item, true]]
        : place.properties.map(([key, item]) => [
            key,
            item,
            (typeof fieldSchema.items === 'object'
              ? fieldSchema.items.required
              : undefined
            )?.includes(key) ?? false,
          ]);
    children.push(arrayTable(source, field, elements, head, place.kind === 'values'));
  }

  const texts = Object.entries(source.translatable).flatMap(([field, kind]) =>
    kind === 'text' ? [field] : [],
  );
  for (const field of texts)
    if (!own.some((column) => column.field === field)) throw translatedWhole(name, field);
  const textSchema = (field: string) => schema.properties?.[field] ?? {};
  const translations = others.flatMap((tag) =>
    texts.map((field) => ({ field, tag, column: languageColumn(field, tag) })),
  );
  const ordered = [...(source.list?.sortKeys.values() ?? [])].some(
    (sorted) => sorted.kind === 'name',
  );
  const orders = ordered
    ? languages.map((tag, i) => (i === 0 ? 'name_order' : languageColumn('name_order', tag)))
    : [];
  const columns = distinct(name, [
    'rowid',
    ...own.map(({ field }) => field),
    ...translations.map(({ column }) => column),
    ...orders,
    ...keyed.map(({ column }) => column),
    'json',
  ]);
  const searched = [
    ...texts.filter((field) => isScalar(textSchema(field))),
    ...translations.flatMap(({ field, column }) => (isScalar(textSchema(field)) ? [column] : [])),
  ];
  const fts = `${name}_fts`;
  const main: TableSpec = {
    name,
    records: true,
    create: [
      `CREATE TABLE ${quoted(name)} (${[
        '"rowid" INTEGER PRIMARY KEY',
        ...own.map(({ sql }) => sql),
        ...translations.map(({ field, column }) => columnSql(column, textSchema(field), false)),
        ...orders.map((column) => `${quoted(column)} INTEGER NOT NULL`),
        ...keyed.map(({ column }) => `${quoted(column)} REAL`),
        `"json" TEXT NOT NULL CHECK (json_valid("json"))`,
      ].join(', ')})`,
      ...[...indexed, ...orders].map(
        (column) =>
          `CREATE INDEX ${indexName(name, column)} ON ${quoted(name)} (${quoted(column)})`,
      ),
      ...keyed.map(
        ({ column }) =>
          `CREATE INDEX ${indexName(name, column)} ON ${quoted(name)} (${quoted(column)}) WHERE ${quoted(column)} IS NOT NULL`,
      ),
    ],
    columns,
    *rows() {
      const [defaults = [], ...translated] = recordsByLanguage(source);
      const ranks = ordered
        ? [defaults, ...translated].map((records, i) =>
            nameRanks(
              records.map((record) => foldCase(String(record.name))),
              languages[i] as string,
            ),
          )
        : [];
      const givers =
        source.list?.descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.numbers] : [])) ??
        [];
      const at = new Map(keyed.map(({ family, key }, i) => [`${family}\u0000${key}`, i]));
      for (const [position, record] of defaults.entries()) {
        const numbers: SqlValue[] = keyed.map(() => null);
        for (const give of givers)
          for (const [family, key, value] of give(record as never)) {
            const i = at.get(`${family}\u0000${key}`);
            if (i !== undefined) numbers[i] = value;
          }
        yield [
          position + 1,
          ...own.map(({ field, schema }) => cellOf(schema, record[field])),
          ...others.flatMap((_, i) =>
            texts.map((field) =>
              unlessDefault(
                cellOf(textSchema(field), translated[i]?.[position]?.[field]),
                cellOf(textSchema(field), record[field]),
              ),
            ),
          ),
          ...ranks.map((rank) => rank[position] as number),
          ...numbers,
          JSON.stringify(record),
        ];
      }
    },
  };
  const search: TableSpec = {
    name: fts,
    create: [
      `CREATE VIRTUAL TABLE ${quoted(fts)} USING fts5(${searched.map(quoted).join(', ')}, content=${quoted(name)}, content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', detail=column, columnsize=0)`,
    ],
    columns: [],
    rows: () => [],
    after: [`INSERT INTO ${quoted(fts)} (${quoted(fts)}) VALUES ('rebuild')`],
  };
  return [main, ...children, search];
}

/**
 * A child table of an array field: a row per element, keyed by the record and position, its values
 * (`value` for an array of values, or an object's fields) and, where a language translates them, their text in each other
 * language beside them (`label_de`, NULL where it is the default's). `values`: the
 * elements are values (its one column `value`), not objects.
 */
function arrayTable(
  source: CollectionSource,
  field: string,
  /** Each column an element fills: its name, schema and whether it is required. */
  elements: ReadonlyArray<[string, JsonSchema, boolean]>,
  head: string,
  values: boolean,
): TableSpec {
  const { name, idField, idColumn, languages } = source;
  const table = `${name}_${field}`;
  const texts = elementTexts(source, field);
  const translated = languages
    .slice(1)
    .flatMap((tag) => texts.map((text) => ({ text, column: languageColumn(text, tag) })));
  const schemaOf = (key: string) => elements.find(([element]) => element === key)?.[1];
  const columns = distinct(table, [
    idColumn,
    'position',
    ...elements.map(([key]) => key),
    ...translated.map(({ column }) => column),
  ]);
  return {
    name: table,
    create: [
      `CREATE TABLE ${quoted(table)} (${[
        head,
        '"position" INTEGER NOT NULL',
        ...elements.map(([key, schema, isRequired]) => columnSql(key, schema, isRequired)),
        ...translated.map(({ text, column }) => columnSql(column, schemaOf(text) ?? {}, false)),
        `PRIMARY KEY (${quoted(idColumn)}, "position")`,
      ].join(', ')}) WITHOUT ROWID`,
    ],
    columns,
    *rows() {
      const [defaults = [], ...others] = texts.length
        ? recordsByLanguage(source)
        : [source.records(languages[0] as string)];
      for (const [at, record] of defaults.entries()) {
        const list = (record[field] as unknown[] | undefined) ?? [];
        const inLanguages = others.map((records) => {
          const elements = (records[at]?.[field] as unknown[] | undefined) ?? [];
          if (elements.length !== list.length)
            throw new Error(
              `${name} ${String(record[idField])}: ${field} has another length in a translation`,
            );
          return elements;
        });
        for (const [position, element] of list.entries())
          yield [
            record[idField] as string,
            position,
            ...elements.map(([key, schema]) =>
              cellOf(schema, values ? element : (element as Row)[key]),
            ),
            ...inLanguages.flatMap((translatedElements) =>
              texts.map((text) =>
                unlessDefault(
                  cell(textOf(translatedElements[position], text)),
                  cell(textOf(element, text)),
                ),
              ),
            ),
          ];
      }
    },
  };
}

/** A child table of a map field: a row per key, keyed by the record and key, its value (a tuple's, each a column: `min`, `max`). */
function mapTable(
  source: CollectionSource,
  field: string,
  value: JsonSchema,
  entry: FieldEntry<never> | undefined,
  head: string,
): TableSpec {
  const { name, idField, idColumn, languages } = source;
  const table = `${name}_${field}`;
  const tuple = value.prefixItems;
  const names = tuple ? tupleNames(source, entry, tuple.length) : ['value'];
  const valueSql = tuple
    ? tuple.map((item, i) => columnSql(names[i] as string, item, true))
    : [columnSql('value', value, true)];
  // Keyed numbers are held under stat keys: the key names a stat.
  const keyRef = entry?.numbers ? ' REFERENCES "stats" ("key")' : '';
  return {
    name: table,
    create: [
      `CREATE TABLE ${quoted(table)} (${head}, "key" TEXT NOT NULL${keyRef}, ${valueSql.join(', ')}, PRIMARY KEY (${quoted(idColumn)}, "key")) WITHOUT ROWID`,
      // A map of keyed numbers is searched by its columns on the list's table (`roll_mgt_min`).
      ...(entry?.numbers
        ? []
        : names.map(
            (end) =>
              `CREATE INDEX ${indexName(table, 'key', end)} ON ${quoted(table)} ("key", ${quoted(end)})`,
          )),
    ],
    columns: distinct(table, [idColumn, 'key', ...names]),
    *rows() {
      for (const record of source.records(languages[0] as string))
        for (const [key, item] of Object.entries((record[field] as Row | undefined) ?? {}))
          yield [
            record[idField] as string,
            key,
            ...(tuple ? (item as unknown[]).map(cell) : [cell(item)]),
          ];
    },
  };
}
