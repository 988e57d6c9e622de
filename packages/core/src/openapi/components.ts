import { z, type core } from 'zod';
import { listSchemas } from '../dataset/list-schemas.js';
import { collectionNames, type Registry } from '../collections/registry.js';
import { facetsOf as facetsOfList } from '../query/facets.js';
import {
  collectionSchemas,
  CollectionChangesSchema,
  CollectionMetaSchema,
  ErrorBodySchema,
  FacetCountSchema,
  FieldChangeSchema,
  HistoryEntrySchema,
  SpriteChangesSchema,
  SqliteFileSchema,
  StatSchema,
  StatusSchema,
  TranslationChangesSchema,
} from '../schemas/records.js';

const listOf = (schema: z.ZodType, name: string) =>
  z
    .object({ data: z.array(schema), meta: CollectionMetaSchema })
    .meta({ description: `A page of ${name}.` });

/** A list's facet counts: each facet asked for, by name (so each is optional), and the total matched. */
const facetsOf = (list: string, names: readonly string[]) =>
  z
    .object({
      data: z.object(
        Object.fromEntries(names.map((name) => [name, z.array(FacetCountSchema).optional()])),
      ),
      meta: z.object({ total: z.int().min(0).meta({ description: 'How many records match.' }) }),
    })
    .meta({ description: `How many matching ${list} have each value of each facet asked for.` });

const one = (schema: z.ZodType, name: string) =>
  z.object({ data: schema }).meta({ description: `One ${name}.` });

/**
 * Every named schema of the document, generated from the same zod schemas that shape responses: each
 * list's record, page and single-record body named after its descriptor's `typeName`.
 */
function buildRegistry(served: Registry) {
  const { lists } = served;
  const [first, ...rest] = collectionNames(served);
  const {
    Meta: MetaSchema,
    LanguageChanges: LanguageChangesSchema,
    ReleaseChange: ReleaseChangeSchema,
    Language: LanguageSchema,
    BulkFileEntry: BulkFileEntrySchema,
    SearchHit: SearchHitSchema,
    SearchResults: SearchResultsSchema,
  } = collectionSchemas([first as string, ...rest]);
  const registry = z.registry<{ id: string }>();
  const described = lists.map((descriptor) => ({
    ...descriptor,
    schema: listSchemas(descriptor).record,
  }));
  const named: Array<[string, z.ZodType]> = [
    ...described.map(({ typeName, schema }): [string, z.ZodType] => [typeName, schema]),
    ['Stat', StatSchema],
    ['Meta', MetaSchema],
    ['Status', StatusSchema],
    ['CollectionMeta', CollectionMetaSchema],
    ['CollectionChanges', CollectionChangesSchema],
    ['SpriteChanges', SpriteChangesSchema],
    ['TranslationChanges', TranslationChangesSchema],
    ['LanguageChanges', LanguageChangesSchema],
    ['ReleaseChange', ReleaseChangeSchema],
    ['BulkFileEntry', BulkFileEntrySchema],
    ['SqliteFile', SqliteFileSchema],
    ['Language', LanguageSchema],
    ['Error', ErrorBodySchema],
    ['FacetCount', FacetCountSchema],
    ['SearchHit', SearchHitSchema],
    ['SearchResults', SearchResultsSchema],
    ['FieldChange', FieldChangeSchema],
    ['HistoryEntry', HistoryEntrySchema],
    [
      'RecordHistory',
      z
        .object({ data: z.array(HistoryEntrySchema), meta: CollectionMetaSchema })
        .meta({ description: "A page of a record's history, newest first." }),
    ],
    ...described.map(({ typeName, schema, name }): [string, z.ZodType] => [
      `${typeName}List`,
      listOf(schema, name),
    ]),
    [
      'StatList',
      z
        .object({ data: z.array(StatSchema), meta: CollectionMetaSchema })
        .meta({ description: 'The whole stat vocabulary.' }),
    ],
    [
      'ReleaseChangeList',
      z
        .object({
          data: z.array(ReleaseChangeSchema),
          included: z
            .object(
              Object.fromEntries([
                ...described.map(({ name, schema }) => [name, z.array(schema)]),
                ['stats', z.array(StatSchema)],
              ]),
            )
            .optional()
            .meta({
              description:
                'With `include=records`: per collection, this page of the current records the releases added or changed, in list order.',
            }),
          meta: CollectionMetaSchema.extend({
            included: z.int().min(0).optional().meta({
              description:
                'With `include=records`: how many records `included` holds over every page; `cursor` then pages them.',
            }),
          }),
        })
        .meta({ description: 'Releases, oldest first.' }),
    ],
    [
      'BulkFileEntryList',
      z
        .object({
          data: z.array(BulkFileEntrySchema),
          meta: CollectionMetaSchema,
          sqlite: SqliteFileSchema.optional().meta({
            description:
              'The release as one SQLite database; absent for a release published without one.',
          }),
        })
        .meta({ description: 'Every bulk file of the current release, and its SQLite file.' }),
    ],
    [
      'LanguageList',
      z
        .object({ data: z.array(LanguageSchema), meta: CollectionMetaSchema })
        .meta({ description: 'Every language of the dataset, the default first.' }),
    ],
    ...described.map(({ typeName, schema, noun }): [string, z.ZodType] => [
      `${typeName}Response`,
      one(schema, noun),
    ]),
    ...described.map((descriptor): [string, z.ZodType] => [
      `${descriptor.typeName}Facets`,
      facetsOf(descriptor.name, [...facetsOfList(descriptor).keys()]),
    ]),
    ['MetaResponse', one(MetaSchema, 'dataset description')],
    ['StatusResponse', one(StatusSchema, 'status of the instance that answered')],
  ];
  for (const [id, schema] of named) registry.add(schema, { id });
  return registry;
}

/**
 * A closed tuple (`[min, max]`) with `items` a schema rather than `false`: Prism and Spectral require
 * `items` to be a schema, and `maxItems` already forbids any element past the `prefixItems`.
 */
function closeTuple(schema: core.JSONSchema.BaseSchema): void {
  const { prefixItems } = schema;
  if (schema.items !== false || !Array.isArray(prefixItems)) return;
  const distinct = [...new Map(prefixItems.map((item) => [JSON.stringify(item), item])).values()];
  schema.items =
    distinct.length === 1 ? distinct[0] : { anyOf: distinct as core.JSONSchema.JSONSchema[] };
}

/** `components.schemas` of the OpenAPI 3.1 document (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export function buildSchemaComponents(registry: Registry): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(buildRegistry(registry), {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    override: ({ jsonSchema }) => closeTuple(jsonSchema),
  });
  const components: Record<string, Record<string, unknown>> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
    components[id] = rest;
  }
  return components;
}
