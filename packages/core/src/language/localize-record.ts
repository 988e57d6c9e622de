import { recordFields } from '../dataset/translation-coverage.js';
import type {
  RecordTranslation,
  TranslatableFields,
  TranslatedElement,
} from '../dataset/translations.js';

/** What a record is read through to put it in another language: its translation, and the rarity names. */
export interface RecordLanguage {
  /** The record's translated fields; undefined when the language translates none of them. */
  translation: RecordTranslation | undefined;
  /** The language's rarity names, by rarity value. */
  rarities: Readonly<Record<string, string>> | undefined;
}

type Fields = Record<string, unknown>;

/** An array's elements with the translated ones put in: text for text, the translated fields over the element's own. */
function translateElements(
  elements: readonly unknown[],
  translated: readonly TranslatedElement[],
): unknown[] {
  return elements.map((element, index) => {
    const translation = translated[index];
    if (translation === null || translation === undefined) return element;
    return typeof translation === 'string'
      ? translation
      : { ...(element as Fields), ...translation };
  });
}

/**
 * The record in another language: each field the translation gives in place of the default
 * language's, the rarity name in that language where it has one, and everything else as it was —
 * ids, numbers and the vocabulary filters compare stay the default language's. Fields keep their
 * order, so a translated record reads like the default one.
 *
 * @example localizeRecord({ name: 'text', description: 'text' }, { id: 'dash', name: 'Dash' }, { translation: { name: 'Sprint' }, rarities: undefined }) // { id: 'dash', name: 'Sprint' }
 */
export function localizeRecord<T extends object>(
  translatable: TranslatableFields,
  record: T,
  { translation, rarities }: RecordLanguage,
): T {
  const localized: Fields = { ...(record as Fields) };
  if (translation) {
    for (const [field, value] of Object.entries(translation)) {
      if (translatable[field] === undefined) continue;
      localized[field] =
        typeof value === 'string'
          ? value
          : translateElements(localized[field] as readonly unknown[], value);
    }
  }
  const rarityName = rarities?.[String(localized.rarity)];
  if (localized.rarityName !== undefined && rarityName !== undefined)
    localized.rarityName = rarityName;
  return localized as T;
}

/**
 * Whether some of the record's text stays in the default language: a translatable field, an array
 * element's field or the rarity name it has that the language does not translate.
 *
 * @example fellBack({ name: 'text', description: 'text' }, { id: 'dash', name: 'Dash', description: 'Moves you.' }, { translation: { name: 'Sprint' }, rarities: undefined }) // true
 */
export function fellBack(
  translatable: TranslatableFields,
  record: object,
  { translation, rarities }: RecordLanguage,
): boolean {
  const { rarity, rarityName } = record as Fields;
  if (rarityName !== undefined && rarities?.[String(rarity)] === undefined) return true;
  return (
    (translation === undefined ? 0 : recordFields(translatable, translation)) <
    recordFields(translatable, record)
  );
}
