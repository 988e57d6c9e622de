import { cell, quoted, type SqlValue } from './sql-names.js';

/** The part of a record's JSON Schema (draft 2020-12, as the OpenAPI document gives it) a table is laid out from. */
export interface JsonSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema | boolean;
  readonly prefixItems?: readonly JsonSchema[];
  readonly additionalProperties?: JsonSchema | boolean;
}

/**
 * Where a field of a record goes: a column of its own (text, number, flag, or JSON for anything
 * nested deeper), or a table of its own — one row per element of an array of values or of objects,
 * or per key of a map.
 */
export type FieldPlace =
  | { readonly kind: 'column'; readonly sql: string }
  | { readonly kind: 'values'; readonly item: JsonSchema }
  | { readonly kind: 'objects'; readonly properties: ReadonlyArray<[string, JsonSchema]> }
  | { readonly kind: 'map'; readonly value: JsonSchema };

const SCALAR_TYPES: Readonly<Record<string, string>> = {
  string: 'TEXT',
  integer: 'INTEGER',
  number: 'REAL',
  boolean: 'INTEGER',
};

/** Whether a schema is one of text, a number or a flag. */
export const isScalar = (schema: JsonSchema): boolean =>
  schema.type !== undefined && Object.hasOwn(SCALAR_TYPES, schema.type);

/**
 * A column's definition for a value of `schema`: its type, NOT NULL when `required`, and a CHECK
 * that keeps a flag 0 or 1 and nested JSON valid, so a cell never holds what its field cannot.
 */
export function columnSql(name: string, schema: JsonSchema, required: boolean): string {
  const type = SCALAR_TYPES[schema.type ?? ''] ?? 'TEXT';
  const checks =
    schema.type === 'boolean'
      ? ` CHECK (${quoted(name)} IN (0, 1))`
      : isScalar(schema)
        ? ''
        : ` CHECK (json_valid(${quoted(name)}))`;
  return `${quoted(name)} ${type}${required ? ' NOT NULL' : ''}${checks}`;
}

/** Where a record's field of `schema` goes (`FieldPlace`). */
export function placeOf(name: string, schema: JsonSchema, required: boolean): FieldPlace {
  if (schema.type === 'array' && typeof schema.items === 'object') {
    const { items } = schema;
    if (items.type === 'object' && items.properties)
      return { kind: 'objects', properties: Object.entries(items.properties) };
    if (isScalar(items)) return { kind: 'values', item: items };
  }
  if (
    schema.type === 'object' &&
    !schema.properties &&
    typeof schema.additionalProperties === 'object'
  )
    return { kind: 'map', value: schema.additionalProperties };
  return { kind: 'column', sql: columnSql(name, schema, required) };
}

/**
 * A field's cell as its column (`columnSql`) holds it: a scalar as it is (a flag as 0 or 1), anything
 * else as its JSON, whatever the value — so a JSON column's CHECK holds for every value its schema allows.
 */
export function cellOf(schema: JsonSchema, value: unknown): SqlValue {
  if (isScalar(schema)) return cell(value);
  return value === undefined ? null : JSON.stringify(value);
}
