import { REGISTRY } from '../collections/collections.js';
import { translatableFields } from '../collections/registry.js';
import { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName } from '../collections/list-names.js';
import {
  AbilitySchema,
  FollowerSchema,
  ItemSchema,
  RelicSchema,
  shortText,
  StatSchema,
} from '../schemas/records.js';
import type { TranslatableField } from './translations.js';

/**
 * Schemas of a language's translation files (dataset/README.md, "Translations"), built from the
 * public record schemas, so a translated field has its base field's length limit.
 */

const NOT_EMPTY = 'must not be empty: leave out text that is not translated';

const RECORD_SCHEMAS: { readonly [K in CollectionName]: z.ZodObject } = {
  items: ItemSchema,
  abilities: AbilitySchema,
  relics: RelicSchema,
  followers: FollowerSchema,
  stats: StatSchema,
};

const unwrapped = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;

/** A base text field as a translation takes it: the same limits, and never empty. */
const translatedText = (base: z.ZodType) => (unwrapped(base) as z.ZodString).min(1, NOT_EMPTY);

function fieldSchema(base: z.ZodType, field: TranslatableField): z.ZodType {
  if (field === 'text') return translatedText(base);
  const element = (unwrapped(base) as z.ZodArray<z.ZodType>).element;
  const each =
    field.each === 'text'
      ? translatedText(element)
      : z.strictObject(
          Object.fromEntries(
            field.each.map((name) => [
              name,
              translatedText((element as z.ZodObject).shape[name] as z.ZodType).optional(),
            ]),
          ),
        );
  return z.array(each.nullable());
}

/** A record's translation as parsed: its translated fields by name. */
type ParsedTranslation = z.ZodType<Record<string, unknown>>;

function recordTranslationSchema(name: CollectionName): ParsedTranslation {
  const shape = RECORD_SCHEMAS[name].shape as Record<string, z.ZodType>;
  const fields = Object.entries(translatableFields(REGISTRY, name)).map(([field, kind]) => [
    field,
    fieldSchema(shape[field] as z.ZodType, kind).optional(),
  ]);
  return z.strictObject(Object.fromEntries(fields));
}

/** The schema of one record's translation, per collection: its translatable fields, each optional, and nothing else. */
export const RECORD_TRANSLATION_SCHEMAS = Object.fromEntries(
  COLLECTION_NAMES.map((name) => [name, recordTranslationSchema(name)]),
) as Record<CollectionName, ParsedTranslation>;

/** A language's manifest.json: rarity names by rarity value. */
export const MANIFEST_TRANSLATION_SCHEMA = z.strictObject({
  rarities: z.record(z.string(), shortText().min(1, NOT_EMPTY)).optional(),
});
