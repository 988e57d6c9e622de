import type { ListDescriptor } from '../collections/descriptor.js';
import { STATS, type Registry } from '../collections/registry.js';
import { z } from 'zod';
import { shortText, StatSchema } from '../schemas/records.js';
import { listSchemas } from './list-schemas.js';
import { AliasesSchema } from './export-schemas.js';
import {
  STAT_TRANSLATABLE_FIELDS,
  type TranslatableField,
  type TranslatableFields,
} from './translations.js';

/**
 * Schemas of a language's translation files (dataset/README.md, "Translations"), built from the
 * public record schemas, so a translated field has its base field's length limit.
 */

const NOT_EMPTY = 'must not be empty: leave out text that is not translated';

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

function translationSchemaOf(
  record: z.ZodObject,
  translatable: TranslatableFields,
): ParsedTranslation {
  const shape = record.shape as Record<string, z.ZodType>;
  const fields = Object.entries(translatable).map(([field, kind]) => [
    field,
    fieldSchema(shape[field] as z.ZodType, kind).optional(),
  ]);
  return z.strictObject({ ...Object.fromEntries(fields), aliases: AliasesSchema.optional() });
}

const STAT_TRANSLATION = translationSchemaOf(StatSchema, STAT_TRANSLATABLE_FIELDS);
const listTranslations = new WeakMap<ListDescriptor, ParsedTranslation>();

/**
 * The schema of one record's translation in a collection of `registry`: its translatable fields,
 * each optional, and nothing else. Made once per list.
 */
export function recordTranslationSchema(registry: Registry, collection: string): ParsedTranslation {
  if (collection === STATS) return STAT_TRANSLATION;
  const descriptor = registry.list(collection);
  let schema = listTranslations.get(descriptor);
  if (schema === undefined) {
    schema = translationSchemaOf(listSchemas(descriptor).record, descriptor.translatable);
    listTranslations.set(descriptor, schema);
  }
  return schema;
}

/** A language's manifest.json: rarity names by rarity value. */
export const MANIFEST_TRANSLATION_SCHEMA = z.strictObject({
  rarities: z.record(z.string(), shortText().min(1, NOT_EMPTY)).optional(),
});
