/** The default language of an export whose manifest names none. */
export const DEFAULT_LANGUAGE = 'en';

/** The folder of an export that holds its translations: one directory per language, `translations/<tag>/`. */
export const TRANSLATIONS_DIR = 'translations';

/**
 * How a field is translated: `'text'`, a text field of the record; `{ each: 'text' }`, an array of
 * text, element by element; `{ each: [fields] }`, an array of sub-objects, the named text fields of
 * each element. An array is translated by an array of the same length and order, `null` where an
 * element is left untranslated.
 */
export type TranslatableField = 'text' | { readonly each: 'text' | readonly string[] };

/** A collection's translatable fields, by name: the only ones its records' translations may give. */
export type TranslatableFields = Readonly<Record<string, TranslatableField>>;

/**
 * The human-readable fields of the stat vocabulary; each list's are in its descriptor
 * (`CollectionDescriptor.translatable`). Ids and keys, numbers, flags, and the vocabulary that
 * filters and clients compare stay the default language's, so no id and no filter changes with the
 * language (dataset/README.md, "Translations").
 */
export const STAT_TRANSLATABLE_FIELDS: TranslatableFields = {
  name: 'text',
  short: 'text',
  unit: 'text',
  description: 'text',
};

/** A translated array element: the element's text, or its translated fields, or null where it is not translated. */
export type TranslatedElement = string | Readonly<Record<string, string>> | null;

/** One record's translated fields, by field name. */
export type RecordTranslation = Readonly<Record<string, string | readonly TranslatedElement[]>>;

/** One language's translated text, validated: descriptions are plain text, as the records' are. */
export interface LanguageTranslations {
  /** Per collection that has a file, each translated record's fields by id (by key, for stats), in id order. */
  collections: {
    readonly [collection: string]: Readonly<Record<string, RecordTranslation>> | undefined;
  };
  /** Rarity names, by rarity value. */
  rarities?: Readonly<Record<string, string>>;
}

/** Every language an export translates into, by canonical BCP 47 tag, in tag order. */
export type Translations = Readonly<Record<string, LanguageTranslations>>;

/**
 * The canonical form of a BCP 47 language tag, or undefined when it is not one.
 *
 * @example canonicalLanguage('de-de') // 'de-DE'
 */
export function canonicalLanguage(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}
