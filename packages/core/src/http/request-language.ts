import type { ReleaseLanguages } from '../language/release-languages.js';
import { readParam } from '../read-param.js';
import type { AppContext } from './app-env.js';
import { targetOf } from './request-context.js';

/**
 * The language of a request's answer, from its `lang` parameter and its Accept-Language, kept on the
 * context so that the answer says how it was chosen (`vary`). A `lang` the release does not have is a 400.
 *
 * @example chooseLanguage(c, release.languages) // 'de' for ?lang=de
 */
export function chooseLanguage(c: AppContext, languages: ReleaseLanguages): string {
  const target = targetOf(c);
  const lang = target.search === '' ? undefined : readParam(target.params, 'lang');
  const choice = languages.choose(lang, c.req.header('accept-language'));
  c.set('language', choice);
  return choice.tag;
}
