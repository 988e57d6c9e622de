import Negotiator from 'negotiator';
import { boundedMemo } from '../bounded-memo.js';
import { canonicalLanguage } from '../dataset/translations.js';
import { badRequest } from '../errors.js';

/** The language an answer's text is in, and how it was picked. */
export interface LanguageChoice {
  /** A language the release has: its default or one it translates into, as a canonical BCP 47 tag. */
  readonly tag: string;
  /**
   * Picked from Accept-Language (no `lang` given, and the release has more than one language): the
   * answer then depends on that header, and says so in `vary`.
   */
  readonly negotiated: boolean;
}

/** Picks the language of one request from its `lang` parameter and its Accept-Language. */
export type ChooseLanguage = (
  lang: string | undefined,
  acceptLanguage: string | undefined,
) => LanguageChoice;

/** The languages as an error lists them: `en (default), de, es, fr`. */
function listed(languages: readonly string[]): string {
  return languages.map((tag, index) => (index === 0 ? `${tag} (default)` : tag)).join(', ');
}

/**
 * The best of `languages` for a list of language ranges (RFC 9110 §12.5.4), or undefined when none
 * is acceptable. Negotiator matches a range to a language of its own (`de` to `de`), more specific
 * (`fr-CH` to `fr`) or less (`de` to `de-AT`), honours q-values and `q=0`, and gives `*` the first
 * language: the default.
 */
function best(ranges: string, languages: readonly string[]): string | undefined {
  return new Negotiator({ headers: { 'accept-language': ranges } }).language(languages as string[]);
}

/**
 * The language chooser of a release whose languages are `languages`, its default first. `lang`, when
 * given, decides: the tag of a language the release has (in any case: `DE` is `de`, RFC 5646 §2.1.1),
 * as /v1/languages lists them — anything else, a more specific tag included, is a 400 listing the
 * languages, so that a client learns the value to send rather than relying on a guess. Without it,
 * Accept-Language is negotiated, leniently as a browser's preferences should be (`fr-CH` takes `fr`);
 * when no language it names is available — or it is absent — the answer is in the default language.
 * Each distinct Accept-Language is negotiated once: clients send a handful of them.
 *
 * @example createLanguageChooser(['en', 'de', 'fr'])(undefined, 'fr-CH, fr;q=0.9') // { tag: 'fr', negotiated: true }
 * @example createLanguageChooser(['en', 'de', 'fr'])('DE', undefined) // { tag: 'de', negotiated: false }
 */
export function createLanguageChooser(languages: readonly string[]): ChooseLanguage {
  const [defaultLanguage = 'en'] = languages;
  const byDefault: LanguageChoice = { tag: defaultLanguage, negotiated: languages.length > 1 };
  const explicit = new Map(languages.map((tag) => [tag, { tag, negotiated: false }]));
  // The choice for each Accept-Language seen lately, within the bounds of a header's memo.
  const negotiated = boundedMemo((acceptLanguage): LanguageChoice => ({
    tag: best(acceptLanguage, languages) ?? defaultLanguage,
    negotiated: true,
  }));
  return (lang, acceptLanguage) => {
    if (lang !== undefined) {
      // A tag as /v1/languages lists it is already canonical: most requests need no parsing.
      const exact = explicit.get(lang);
      if (exact !== undefined) return exact;
      const tag = canonicalLanguage(lang);
      if (tag === undefined)
        throw badRequest(
          `lang must be a language tag (BCP 47) such as "${languages[1] ?? defaultLanguage}"; this dataset is in ${listed(languages)}`,
        );
      const found = explicit.get(tag);
      if (found === undefined)
        throw badRequest(`lang "${tag}" is not available; this dataset is in ${listed(languages)}`);
      return found;
    }
    if (!acceptLanguage || languages.length === 1) return byDefault;
    return negotiated(acceptLanguage);
  };
}
