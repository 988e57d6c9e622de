import { z } from 'zod';
import {
  AbilitySchema,
  CollectionMetaSchema,
  ErrorBodySchema,
  FollowerSchema,
  ItemSchema,
  MetaSchema,
  RelicSchema,
  StatSchema,
} from '../schemas/records.js';

const listOf = (schema: z.ZodType, name: string) =>
  z.object({ data: z.array(schema), meta: CollectionMetaSchema }).meta({ description: `A page of ${name}.` });
const one = (schema: z.ZodType, name: string) =>
  z.object({ data: schema }).meta({ description: `One ${name}.` });

/** Every named schema of the document, generated from the same zod schemas that shape responses. */
function buildRegistry() {
  const registry = z.registry<{ id: string }>();
  const named: Array<[string, z.ZodType]> = [
    ['Item', ItemSchema],
    ['Ability', AbilitySchema],
    ['Relic', RelicSchema],
    ['Follower', FollowerSchema],
    ['Stat', StatSchema],
    ['Meta', MetaSchema],
    ['CollectionMeta', CollectionMetaSchema],
    ['Error', ErrorBodySchema],
    ['ItemList', listOf(ItemSchema, 'items')],
    ['AbilityList', listOf(AbilitySchema, 'abilities')],
    ['RelicList', listOf(RelicSchema, 'relics')],
    ['FollowerList', listOf(FollowerSchema, 'followers')],
    ['StatList', z.object({ data: z.array(StatSchema), meta: CollectionMetaSchema }).meta({ description: 'The whole stat vocabulary.' })],
    ['ItemResponse', one(ItemSchema, 'item')],
    ['AbilityResponse', one(AbilitySchema, 'ability')],
    ['RelicResponse', one(RelicSchema, 'relic')],
    ['FollowerResponse', one(FollowerSchema, 'follower')],
    ['MetaResponse', one(MetaSchema, 'dataset description')],
  ];
  for (const [id, schema] of named) registry.add(schema, { id });
  return registry;
}

/** `components.schemas` of the OpenAPI 3.1 document (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export function buildSchemaComponents(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(buildRegistry(), {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
  });
  const components: Record<string, Record<string, unknown>> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
    components[id] = rest;
  }
  return components;
}
