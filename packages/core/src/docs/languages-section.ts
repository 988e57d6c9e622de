import type { Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import { releaseLanguages } from '../language/release-languages.js';
import { BASE_URL_VARIABLE } from './code-examples.js';
import { code, codeBlock, section } from './html.js';

const base = `$${BASE_URL_VARIABLE}`;

/** The first record of the dataset's first list, as a translation gives its name; none when it has no translation. */
function translatedExample(
  dataset: Dataset,
): { tag: string; id: string; name: string } | undefined {
  const languages = releaseLanguages(dataset);
  const tag = languages.tags[1];
  const item = gameList(dataset, 'items')?.records[0];
  if (tag === undefined || item === undefined) return undefined;
  return { tag, id: item.id, name: languages.list(tag, 'items').collection.at(0).name };
}

/**
 * The languages the text is served in, how one is picked (`lang`, Accept-Language) and how an
 * answer says what fell back to the default language; the example is a real record of this dataset.
 */
export function renderLanguages(dataset: Dataset): string {
  const tags = [dataset.language, ...Object.keys(dataset.translations)];
  const example = translatedExample(dataset);
  const curl = example
    ? `curl -i "${base}/v1/items/${example.id}?lang=${example.tag}"
# content-language: ${example.tag}   (or "${example.tag}, ${dataset.language}" and x-language-fallback where text was not translated)
# … "name": ${JSON.stringify(example.name)}
curl -H 'Accept-Language: ${example.tag};q=0.9, ${dataset.language};q=0.5' "${base}/v1/stats"
curl "${base}/v1/languages"`
    : `curl "${base}/v1/languages"`;
  return section(
    'languages',
    'Languages',
    `<p>This dataset is published in ${code(dataset.language)}${tags.length > 1 ? ` and translated into ${tags.slice(1).map(code).join(', ')}` : ''}; ${code('/v1/languages')} lists every language with its names and, per collection, how much of the text it translates. The lists, single records and ${code('/v1/stats')} take ${code('lang')}: a tag it lists, in any case; any other — a more specific one such as ${code('de-CH')} included — is a 400 that lists them. Without ${code('lang')}, ${code('Accept-Language')} picks the language (q-values honoured, ${code('fr-CH')} takes ${code('fr')}; none of the dataset's: the default), and the answer then carries ${code('vary: accept-encoding, authorization, accept-language')}.</p>
<p>Only text changes with the language — names, descriptions, effect and relic labels, dungeon, rarity and stat names. Ids, numbers and the values filters compare stay the default language's, so a filter finds the same records in every language; ${code('q')} matches a name in the answer's language or in the default one. Text a language does not translate is sent in the default language, in the same shape: the answer's ${code('content-language')} then names both (${code('es, en')}) and ${code('x-language-fallback')} gives the positions in ${code('data')} of the records concerned, as runs (${code('0-2,5')}; a single record is position 0). Every JSON answer names its language in ${code('content-language')}: ${code('en')} for errors and the OpenAPI document. Each language has its own etags and cached answers, and a cursor belongs to its language.</p>
${codeBlock('curl', curl)}`,
  );
}
