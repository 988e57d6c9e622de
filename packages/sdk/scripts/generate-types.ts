import {
  AbilitySchema,
  BulkFileEntrySchema,
  CollectionChangesSchema,
  CollectionMetaSchema,
  ErrorBodySchema,
  FacetCountSchema,
  FieldChangeSchema,
  FollowerSchema,
  HistoryEntrySchema,
  ItemSchema,
  LanguageSchema,
  LanguageChangesSchema,
  MetaSchema,
  RelicSchema,
  ReleaseChangeSchema,
  SearchHitSchema,
  SpriteChangesSchema,
  SqliteFileSchema,
  StatSchema,
  StatusSchema,
  TranslationChangesSchema,
} from '@gamedata/core';
import { z } from 'zod';

/**
 * Turns core's zod schemas into plain TypeScript declarations for `src/generated/records.ts`, so the
 * published `.d.ts` carries the record types itself instead of importing `@gamedata/core` and zod.
 * The path is zod → JSON Schema (the same conversion the OpenAPI document uses) → TypeScript.
 * `generate-types.test.ts` fails when the committed file is out of date; `pnpm generate` rewrites it.
 */

/** The subset of JSON Schema 2020-12 that `z.toJSONSchema` produces for the record schemas. */
interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | false;
  propertyNames?: JsonSchema;
}

interface NamedType {
  name: string;
  schema: z.ZodType;
  /** Used when the schema has no description of its own. */
  summary?: string;
  example: string;
}

const itemShape = ItemSchema.shape;

/**
 * Every type the SDK publishes, nested ones included: naming `ItemStat` here makes `Item.stats` refer
 * to it rather than repeat its shape inline.
 */
const NAMED_TYPES: NamedType[] = [
  {
    name: 'Item',
    schema: ItemSchema,
    example: "const item: Item = await gd.items.get('ashbringers-oath');",
  },
  {
    name: 'ItemStat',
    schema: itemShape.stats.unwrap().element,
    summary: 'One stat on an item.',
    example: "const might = item.stats?.find((s: ItemStat) => s.stat === 'mgt');",
  },
  {
    name: 'ItemEffect',
    schema: itemShape.effects.unwrap().element,
    summary:
      'A legendary proc: `chance` is the percent chance that it fires in combat, never a drop rate.',
    example: 'const procs: ItemEffect[] = item.effects ?? [];',
  },
  {
    name: 'ItemRequirement',
    schema: itemShape.requirements.unwrap().element,
    summary: 'A skill level needed to equip an item.',
    example:
      'const needs = (item.requirements ?? []).map((r: ItemRequirement) => `${r.skill} ${r.level}`);',
  },
  {
    name: 'Ability',
    schema: AbilitySchema,
    example: "const ability: Ability = await gd.abilities.get('arcane-mark');",
  },
  {
    name: 'Relic',
    schema: RelicSchema,
    example: "const relic: Relic = await gd.relics.get('ashen-eye');",
  },
  {
    name: 'Follower',
    schema: FollowerSchema,
    example: "const follower: Follower = await gd.followers.get('bram-nine-lives');",
  },
  { name: 'Stat', schema: StatSchema, example: 'const stats: Stat[] = await gd.stats.list();' },
  {
    name: 'Meta',
    schema: MetaSchema,
    example: 'const { version, counts }: Meta = await gd.meta();',
  },
  {
    name: 'Status',
    schema: StatusSchema,
    example: 'const { rateLimits, started }: Status = await gd.status();',
  },
  {
    name: 'Language',
    schema: LanguageSchema,
    example:
      'const picker = (await gd.languages()).map((language: Language) => [language.tag, language.nativeName]);',
  },
  {
    name: 'FacetCount',
    schema: FacetCountSchema,
    example:
      "const [top]: FacetCount[] = (await gd.facets('items', { facet: ['slot'] })).data.slot ?? [];",
  },
  {
    name: 'SearchHit',
    schema: SearchHitSchema,
    example: "const [best]: SearchHit[] = (await gd.search('amulet fox')).data;",
  },
  {
    name: 'ReleaseChange',
    schema: ReleaseChangeSchema,
    example: "const [next]: ReleaseChange[] = await gd.changes('2026-11-21.1');",
  },
  {
    name: 'HistoryEntry',
    schema: HistoryEntrySchema,
    example: "const [latest]: HistoryEntry[] = await gd.history('items', 'bronze-partisan');",
  },
  {
    name: 'FieldChange',
    schema: FieldChangeSchema,
    example:
      'for (const { path, from, to }: FieldChange of latest.fields) console.log(path, from, to);',
  },
  {
    name: 'BulkFileEntry',
    schema: BulkFileEntrySchema,
    example: 'const [items]: BulkFileEntry[] = await gd.bulk.index();',
  },
  {
    name: 'SqliteFile',
    schema: SqliteFileSchema,
    example: 'const file: SqliteFile | undefined = await gd.bulk.sqlite();',
  },
  {
    name: 'CollectionChanges',
    schema: CollectionChangesSchema,
    example: 'const { added, changed, removed }: CollectionChanges = next.collections.items;',
  },
  {
    name: 'SpriteChanges',
    schema: SpriteChangesSchema,
    example:
      'for (const id of next.sprites.changed) console.log(`${gd.imageUrl(id)} shows a new image`);',
  },
  {
    name: 'LanguageChanges',
    schema: LanguageChangesSchema,
    example: "const german: LanguageChanges | undefined = next.translations['de'];",
  },
  {
    name: 'TranslationChanges',
    schema: TranslationChangesSchema,
    example:
      'const refetch = [...(german?.collections.items.added ?? []), ...(german?.collections.items.changed ?? [])];',
  },
  {
    name: 'CollectionMeta',
    schema: CollectionMetaSchema,
    example: 'const { total, count, cursor }: CollectionMeta = (await gd.items.list()).meta;',
  },
  {
    name: 'ErrorBody',
    schema: ErrorBodySchema,
    example:
      "const body: ErrorBody = { error: { code: 'not_found', message: 'No item with id \"x\".' } };",
  },
  {
    name: 'ErrorCode',
    schema: ErrorBodySchema.shape.error.shape.code,
    summary: 'The error codes of the contract (README, "API overview").',
    example:
      "if (error instanceof GameDataError && error.code === 'rate_limited') console.warn(error.message);",
  },
];

const HEADER = `/**
 * Record types of the gamedata API, generated from the zod schemas of @gamedata/core by
 * scripts/generate-types.ts. Do not edit by hand: run \`pnpm --filter @gamedata/sdk generate\`.
 */
`;

const literal = (value: unknown) => `'${String(value).replace(/'/g, "\\'")}'`;

function renderDoc(lines: string[], indent: string): string {
  if (lines.some((line) => line.includes('*/')))
    throw new Error(`"*/" would end the comment early: ${lines.join(' ')}`);
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

function renderObject(schema: JsonSchema, indent: string): string {
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const fields = Object.entries(schema.properties ?? {}).map(([key, field]) => {
    const doc = field.description ? renderDoc([field.description], inner) : '';
    return `${doc}${inner}${key}${required.has(key) ? '' : '?'}: ${renderType(field, inner)};\n`;
  });
  return `{\n${fields.join('')}${indent}}`;
}

/** Record keys: any string, or every value of an enum (zod's `z.record(z.enum(...))` is exhaustive). */
function renderRecord(schema: JsonSchema, indent: string): string {
  const values = schema.additionalProperties;
  if (!values) throw new Error(`object without properties or values: ${JSON.stringify(schema)}`);
  const keys = schema.propertyNames?.enum;
  if (!keys) return `Record<string, ${renderType(values, indent)}>`;
  if (!keys.every((key) => schema.required?.includes(String(key)))) {
    throw new Error(`partial enum-keyed records are not rendered yet: ${JSON.stringify(schema)}`);
  }
  return `Record<${keys.map(literal).join(' | ')}, ${renderType(values, indent)}>`;
}

function renderType(schema: JsonSchema, indent: string): string {
  if (schema.$ref) return schema.$ref;
  if (schema.enum) return schema.enum.map(literal).join(' | ');
  // A union of plain types (`z.union([z.string(), z.number()])`) comes as a list of types.
  if (Array.isArray(schema.type))
    return schema.type.map((type) => renderType({ ...schema, type }, indent)).join(' | ');
  if (schema.prefixItems)
    return `[${schema.prefixItems.map((item) => renderType(item, indent)).join(', ')}]`;
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      if (!schema.items) throw new Error(`array without items: ${JSON.stringify(schema)}`);
      const element = renderType(schema.items, indent);
      return /^[\w.]+$/.test(element) ? `${element}[]` : `Array<${element}>`;
    }
    case 'object':
      return schema.properties ? renderObject(schema, indent) : renderRecord(schema, indent);
  }
  // Any JSON value (`z.unknown()`): a schema that says nothing but what it is.
  if (Object.keys(schema).every((key) => key === 'description')) return 'unknown';
  // Anything else is a schema form this renderer has not met: fail loudly rather than emit `unknown`.
  throw new Error(`no TypeScript rendering for ${JSON.stringify(schema)}`);
}

/**
 * The source text of `src/generated/records.ts`.
 *
 * @example await writeFile('src/generated/records.ts', generateRecordTypes());
 */
export function generateRecordTypes(): string {
  const registry = z.registry<{ id: string }>();
  for (const { name, schema } of NAMED_TYPES) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, { io: 'output', uri: (id) => id });

  const declarations = NAMED_TYPES.map(({ name, summary, example }) => {
    const schema = schemas[name] as JsonSchema;
    const doc = renderDoc([schema.description ?? summary ?? name, '', '@example', example], '');
    const body = renderType(schema, '');
    return schema.type === 'object' && schema.properties
      ? `${doc}export interface ${name} ${body}\n`
      : `${doc}export type ${name} = ${body};\n`;
  });
  return `${HEADER}\n${declarations.join('\n')}`;
}
