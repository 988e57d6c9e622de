import { resolve, type Json } from './openapi-view.js';

/** One row of a response-fields table: `data[].stats[].value`, its type, and what it means. */
export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  description: string;
}

const refName = (schema: Json) =>
  typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;

/** A short type label: `integer`, `array of Item`, `[number, number]`, `string: one of a, b`. */
export function describeType(doc: Json, schema: Json): string {
  const named = refName(schema);
  const target = resolve(doc, schema);
  if (Array.isArray(target.enum))
    return `${String(target.type ?? 'value')}: one of ${target.enum.join(', ')}`;
  if (Array.isArray(target.prefixItems))
    return `[${(target.prefixItems as Json[]).map((s) => describeType(doc, s)).join(', ')}]`;
  if (target.type === 'array') return `array of ${describeType(doc, target.items as Json)}`;
  if (target.type === 'object' && typeof target.additionalProperties === 'object') {
    return `map of ${describeType(doc, target.additionalProperties as Json)}`;
  }
  if (named && target.type === 'object') return named;
  const format = typeof target.format === 'string' ? ` (${target.format})` : '';
  return `${String(target.type ?? 'value')}${format}`;
}

/** Where a field's own fields continue: an object's properties, or those of an array's items. */
function childOf(doc: Json, schema: Json): { suffix: string; schema: Json } | undefined {
  const target = resolve(doc, schema);
  if (target.type === 'object' && target.properties) return { suffix: '.', schema: target };
  if (target.type === 'array' && target.items) {
    const items = resolve(doc, target.items as Json);
    if (items.type === 'object' && items.properties) return { suffix: '[].', schema: items };
  }
  return undefined;
}

/**
 * Flattens an object schema into rows, depth first, so every field of a response — nested ones too —
 * is listed with its type and meaning.
 *
 * @example listFields(doc, { $ref: '#/components/schemas/MetaResponse' })[0]?.path // 'data'
 */
export function listFields(doc: Json, schema: Json, prefix = ''): FieldRow[] {
  const target = resolve(doc, schema);
  const properties = (target.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((target.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const row: FieldRow = {
      path,
      type: describeType(doc, property),
      required: required.has(name),
      description: String(property.description ?? resolve(doc, property).description ?? ''),
    };
    const child = childOf(doc, property);
    return [row, ...(child ? listFields(doc, child.schema, `${path}${child.suffix}`) : [])];
  });
}
