import type { Dataset } from '../dataset/dataset.js';
import { defaultLanguageCoverage, translationCoverage } from '../dataset/translation-coverage.js';
import { listBody, type ListBody } from '../query/bodies.js';
import type { Language } from '../schemas/records.js';

/** A language's name in `inLanguage`, or its tag where the runtime has no name for it. */
function nameOf(tag: string, inLanguage: string): string {
  return new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
}

/**
 * `/v1/languages`: every language the dataset is served in, the default first, each with its names
 * and its coverage per collection — what a client needs to offer a language picker and to say how
 * complete each language is.
 *
 * @example languagesBody(dataset).data[0] // { tag: 'en', name: 'English', nativeName: 'English', default: true, coverage: { … } }
 */
export function languagesBody(dataset: Dataset): ListBody<Language> {
  const coverage = {
    [dataset.language]: defaultLanguageCoverage(dataset),
    ...translationCoverage(dataset),
  };
  const languages = [dataset.language, ...Object.keys(dataset.translations)].map((tag) => ({
    tag,
    name: nameOf(tag, 'en'),
    nativeName: nameOf(tag, tag),
    default: tag === dataset.language,
    coverage: coverage[tag] as Language['coverage'],
  }));
  return listBody({ records: languages, total: languages.length });
}
