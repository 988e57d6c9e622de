import {
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
   * Its translatable fields: each text field a column of the text table, searched by its FTS5 table;
   * each array's translated elements in a table of their own.
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
 * A collection's tables: its own, a column per scalar field, a column per keyed number an array gives
 * (a stat's total), and `json`, the record as the API serves it; a child table per array or map
 * field, keyed by the record and position (or key), its foreign key declared; `<name>_text`, a row
 * per record and language with its translatable text fields and its place in a sort by name there;
 * `<name>_fts`, FTS5 over that text; `<name>_<field>_text`, an array's elements in the languages that
 * translate them (`elementTexts`). An index for each filter and sort.
 */
export function collectionTables(source: CollectionSource): TableSpec[] {
  const { name, idField, idColumn, schema, languages } = source;
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  const defaults = () => source.records(languages[0] as string);
  const entries = new Map(source.list?.descriptor.fields.map((entry) => [entry.field, entry]));
  const own: Array<{ field: string; sql: string; schema: JsonSchema }> = [];
  const children: TableSpec[] = [];
  const elementTables: TableSpec[] = [];
  const keyed: KeyedColumn[] = [];
  const indexed: string[] = [];
  const parent = `REFERENCES ${quoted(name)} (${quoted(idField)})`;

  for (const [field, fieldSchema] of properties) {
    const place = placeOf(field, fieldSchema, required.has(field));
    const entry = entries.get(field);
    const table = `${name}_${field}`;
    const head = `${quoted(idColumn)} TEXT NOT NULL ${parent}`;
    if (place.kind === 'column') {
      own.push({
        field,
        sql: field === idField ? `${place.sql} PRIMARY KEY` : place.sql,
        schema: fieldSchema,
      });
      const sortsByIt = [...(source.list?.sortKeys.values() ?? [])].some(
        (sorted) => sorted.kind === 'number' && sorted.field === field && sorted.key === undefined,
      );
      if (field !== idField && (entry?.filter?.field === field || sortsByIt)) indexed.push(field);
      continue;
    }
    if (entry && place.kind !== 'map') keyed.push(...keyedColumns(source, entry));
    if (place.kind === 'values') {
      children.push({
        name: table,
        create: [
          `CREATE TABLE ${quoted(table)} (${head}, "position" INTEGER NOT NULL, ${place.sql}, PRIMARY KEY (${quoted(idColumn)}, "position")) WITHOUT ROWID`,
        ],
        columns: [idColumn, 'position', 'value'],
        *rows() {
          for (const record of defaults())
            for (const [position, value] of ((record[field] as unknown[]) ?? []).entries())
              yield [record[idField] as string, position, cell(value)];
        },
      });
      elementTables.push(
        ...elementTexts(source, field, { value: fieldSchema.items as JsonSchema }),
      );
    } else if (place.kind === 'objects') {
      const inner = place.properties;
      const innerRequired = new Set(
        (typeof fieldSchema.items === 'object' ? fieldSchema.items.required : undefined) ?? [],
      );
      const columns = inner.map(([key, item]) => columnSql(key, item, innerRequired.has(key)));
      children.push({
        name: table,
        create: [
          `CREATE TABLE ${quoted(table)} (${head}, "position" INTEGER NOT NULL, ${columns.join(', ')}, PRIMARY KEY (${quoted(idColumn)}, "position")) WITHOUT ROWID`,
        ],
        columns: [idColumn, 'position', ...inner.map(([key]) => key)],
        *rows() {
          for (const record of defaults())
            for (const [position, element] of ((record[field] as Row[]) ?? []).entries())
              yield [
                record[idField] as string,
                position,
                ...inner.map(([key, schema]) => cellOf(schema, element[key])),
              ];
        },
      });
      elementTables.push(...elementTexts(source, field, Object.fromEntries(inner)));
    } else {
      const tuple = place.value.prefixItems;
      const names = tuple ? tupleNames(source, entry, tuple.length) : ['value'];
      const valueSql = tuple
        ? tuple.map((item, i) => columnSql(names[i] as string, item, true))
        : [columnSql('value', place.value, true)];
      // Keyed numbers are held under stat keys: the key names a stat.
      const keyRef = entry?.numbers ? ' REFERENCES "stats" ("key")' : '';
      children.push({
        name: table,
        create: [
          `CREATE TABLE ${quoted(table)} (${head}, "key" TEXT NOT NULL${keyRef}, ${valueSql.join(', ')}, PRIMARY KEY (${quoted(idColumn)}, "key")) WITHOUT ROWID`,
          ...names.map(
            (end) =>
              `CREATE INDEX ${indexName(table, 'key', end)} ON ${quoted(table)} ("key", ${quoted(end)})`,
          ),
        ],
        columns: [idColumn, 'key', ...names],
        *rows() {
          for (const record of defaults())
            for (const [key, value] of Object.entries((record[field] as Row | undefined) ?? {}))
              yield [
                record[idField] as string,
                key,
                ...(tuple ? (value as unknown[]).map(cell) : [cell(value)]),
              ];
        },
      });
    }
  }

  const keyedSql = keyed.map(({ column }) => `${quoted(column)} REAL`);
  const main: TableSpec = {
    name,
    records: true,
    create: [
      `CREATE TABLE ${quoted(name)} (${[...own.map(({ sql }) => sql), ...keyedSql, `"json" TEXT NOT NULL CHECK (json_valid("json"))`].join(', ')})`,
      ...indexed.map(
        (field) => `CREATE INDEX ${indexName(name, field)} ON ${quoted(name)} (${quoted(field)})`,
      ),
      ...keyed.map(
        ({ column }) =>
          `CREATE INDEX ${indexName(name, column)} ON ${quoted(name)} (${quoted(column)}) WHERE ${quoted(column)} IS NOT NULL`,
      ),
    ],
    columns: [...own.map(({ field }) => field), ...keyed.map(({ column }) => column), 'json'],
    *rows() {
      const givers =
        source.list?.descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.numbers] : [])) ??
        [];
      const at = new Map(keyed.map(({ family, key }, i) => [`${family}\u0000${key}`, i]));
      for (const record of defaults()) {
        const numbers: SqlValue[] = keyed.map(() => null);
        for (const give of givers)
          for (const [family, key, value] of give(record as never)) {
            const i = at.get(`${family}\u0000${key}`);
            if (i !== undefined) numbers[i] = value;
          }
        yield [
          ...own.map(({ field, schema }) => cellOf(schema, record[field])),
          ...numbers,
          JSON.stringify(record),
        ];
      }
    },
  };
  return [main, ...children, ...textTables(source), ...elementTables];
}

/** The `text_id` of a record's text in a language: languages in order, each a record after another. */
const textId = (language: number, at: number, count: number) => language * count + at + 1;

/**
 * `<name>_<field>_text` for an array whose elements a language translates: a row per element and
 * language other than the default where that language's text differs from the default's, keyed by
 * the record's text row in that language (`text_id`) and the element's position, with the text in
 * its translated columns and NULL in the others — the element in a language is its child row with
 * `COALESCE(text, default)` column by column. Keyed by an integer rather than the id and language,
 * the demo's three such tables take 168 KiB rather than 272.
 */
function elementTexts(
  source: CollectionSource,
  field: string,
  schemas: Readonly<Record<string, JsonSchema>>,
): TableSpec[] {
  const { name, idField, languages } = source;
  const translated = source.translatable[field];
  if (translated === undefined || translated === 'text') return [];
  const texts = translated.each === 'text' ? ['value'] : [...translated.each];
  const child = `${name}_${field}`;
  const table = `${child}_text`;
  const textOf = (element: unknown, text: string) =>
    text === 'value' ? element : (element as Row | undefined)?.[text];
  return [
    {
      name: table,
      create: [
        `CREATE TABLE ${quoted(table)} ("text_id" INTEGER NOT NULL REFERENCES ${quoted(`${name}_text`)} ("text_id"), "position" INTEGER NOT NULL, ${texts.map((text) => columnSql(text, schemas[text] ?? {}, false)).join(', ')}, PRIMARY KEY ("text_id", "position")) WITHOUT ROWID`,
      ],
      columns: ['text_id', 'position', ...texts],
      *rows() {
        const defaults = source.records(languages[0] as string);
        for (const [language, tag] of languages.entries()) {
          if (language === 0) continue;
          const records = source.records(tag);
          for (const [at, record] of records.entries()) {
            if (defaults[at]?.[idField] !== record[idField])
              throw new Error(`${name} in ${tag} are not in the default language's order`);
            const elements = (defaults[at]?.[field] as unknown[] | undefined) ?? [];
            for (const [position, element] of ((record[field] as unknown[]) ?? []).entries()) {
              const cells = texts.map((text) => {
                const value = textOf(element, text);
                return value === textOf(elements[position], text) ? null : cell(value);
              });
              if (cells.some((value) => value !== null))
                yield [textId(language, at, records.length), position, ...cells];
            }
          }
        }
      },
    },
  ];
}

/** `<name>_text` and `<name>_fts`: each record's text, order by name and JSON in every language, and their full-text index. */
function textTables(source: CollectionSource): TableSpec[] {
  const { name, idField, idColumn, schema, languages } = source;
  const texts = Object.entries(source.translatable).flatMap(([field, kind]) =>
    kind === 'text' ? [field] : [],
  );
  const table = `${name}_text`;
  const fts = `${name}_fts`;
  const required = new Set(schema.required ?? []);
  const ordered = [...(source.list?.sortKeys.values() ?? [])].some(
    (sorted) => sorted.kind === 'name',
  );
  const textSql = texts.map((field) =>
    columnSql(field, schema.properties?.[field] ?? {}, required.has(field)),
  );
  const textOf = texts.filter((field) => isScalar(schema.properties?.[field] ?? {}));
  return [
    {
      name: table,
      create: [
        `CREATE TABLE ${quoted(table)} ("text_id" INTEGER PRIMARY KEY, ${quoted(idColumn)} TEXT NOT NULL REFERENCES ${quoted(name)} (${quoted(idField)}), "lang" TEXT NOT NULL REFERENCES "languages" ("tag"), ${[...textSql, ...(ordered ? ['"name_order" INTEGER NOT NULL'] : [])].join(', ')}, UNIQUE (${quoted(idColumn)}, "lang"))`,
        ...(ordered
          ? [
              `CREATE INDEX ${indexName(table, 'lang', 'name_order')} ON ${quoted(table)} ("lang", "name_order")`,
            ]
          : []),
      ],
      columns: ['text_id', idColumn, 'lang', ...texts, ...(ordered ? ['name_order'] : [])],
      *rows() {
        for (const [language, tag] of languages.entries()) {
          const records = source.records(tag);
          const order = ordered
            ? nameRanks(
                records.map((record) => String(record.name).toLowerCase()),
                tag,
              )
            : undefined;
          for (const [position, record] of records.entries())
            yield [
              textId(language, position, records.length),
              record[idField] as string,
              tag,
              ...texts.map((field) => cell(record[field])),
              ...(order ? [order[position] as number] : []),
            ];
        }
      },
    },
    {
      name: fts,
      create: [
        `CREATE VIRTUAL TABLE ${quoted(fts)} USING fts5(${textOf.map(quoted).join(', ')}, content=${quoted(table)}, content_rowid='text_id', tokenize='unicode61 remove_diacritics 2', detail=column)`,
      ],
      columns: [],
      rows: () => [],
      after: [`INSERT INTO ${quoted(fts)} (${quoted(fts)}) VALUES ('rebuild')`],
    },
  ];
}
