/**
 * Short words that join a name's others (`Amulet of the Fox`), by language: a player typing a name's
 * initials may leave them out (`af`) or keep them (`aotf`). Folded as `foldText` folds names.
 */
const JOINING_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with'],
  de: [
    'am',
    'an',
    'auf',
    'das',
    'dem',
    'den',
    'der',
    'des',
    'die',
    'im',
    'mit',
    'und',
    'vom',
    'von',
    'zu',
    'zum',
    'zur',
  ],
  fr: ['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les'],
  es: ['a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'los', 'y'],
  it: [
    'a',
    'al',
    'con',
    'd',
    'dei',
    'del',
    'della',
    'delle',
    'di',
    'e',
    'ed',
    'il',
    'in',
    'l',
    'la',
    'le',
    'lo',
  ],
  pt: ['a', 'as', 'com', 'da', 'das', 'de', 'do', 'dos', 'e', 'em', 'na', 'no', 'o', 'os'],
  nl: ['de', 'den', 'der', 'en', 'het', 'in', 'met', 'op', 'van'],
};

/**
 * The joining words of the languages `tags` name (BCP 47; by their primary language), together: a
 * language's index holds names in it and, where a record has none, in the default language.
 *
 * @example joiningWords(['de', 'en']).has('von') // true
 */
export function joiningWords(tags: readonly string[]): ReadonlySet<string> {
  return new Set(tags.flatMap((tag) => JOINING_WORDS[tag.toLowerCase().split('-')[0] ?? ''] ?? []));
}
