import { MATCH_RULES_TEXT, TIES_TEXT } from '../search/match-rules.js';
import type { Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import type { SearchResults } from '../schemas/records.js';
import { defaultLanguageSearch } from '../search/language-search.js';
import {
  parseSearchQuery,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
} from '../search/search-query.js';
import { BASE_URL_VARIABLE } from './code-examples.js';
import { codeBlock, inlineMarkdown as md, section } from './html.js';
import { collectionNames, inWords } from '../collections/registry.js';

const base = `$${BASE_URL_VARIABLE}`;

/** The first item name with the most words: the one the examples search for. */
export function longestName(dataset: Dataset): string | undefined {
  let longest: string | undefined;
  for (const { name } of gameList(dataset, 'items')?.records ?? [])
    if (longest === undefined || name.split(' ').length > longest.split(' ').length) longest = name;
  return longest;
}

/**
 * Searches a player would type for a real name of this dataset — its start upper-cased, two of its
 * words the other way round, two letters of its longest word swapped — each with the first hit the API
 * answers.
 */
function examples(dataset: Dataset): string {
  const name = longestName(dataset);
  if (name === undefined) return '';
  const search = defaultLanguageSearch(dataset);
  const words = name.split(' ');
  // Two letters swapped in the middle of its longest word.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const middle = name.indexOf(longest) + Math.max(0, Math.floor(longest.length / 2) - 1);
  const typed: Array<[string, string]> = [
    [
      name
        .slice(0, Math.ceil(name.length / 2))
        .trimEnd()
        .toUpperCase(),
      'its start, in capitals',
    ],
    ...(words.length > 1
      ? [
          [`${words.at(-1)} ${words[0]}`, 'two of its words, the other way round'] as [
            string,
            string,
          ],
        ]
      : []),
    [name.slice(0, middle) + name[middle + 1] + name[middle] + name.slice(middle + 2), 'a typo'],
  ];
  const lines = typed.map(([text, what]) => {
    const q = `q=${encodeURIComponent(text)}&limit=3`;
    const answer = search(
      parseSearchQuery(new URLSearchParams(q), collectionNames(dataset.registry)),
    );
    const body = JSON.parse(new TextDecoder().decode(answer.body)) as SearchResults;
    const best = body.data[0];
    return `# ${what}
curl "${base}/v1/search?${q}"
# ${best ? `first of ${body.meta.total}: ${JSON.stringify(best.name)} (${best.collection}, "match": "${best.match}")` : 'no hits'}`;
  });
  return codeBlock('curl', lines.join('\n'));
}

/** `/v1/search`: how a name is found and ranked, shown on this dataset's names. */
export function renderSearch(dataset: Dataset): string {
  return section(
    'search',
    'Search',
    `<p>${md(`\`/v1/search?q=<text>\` finds ${inWords(collectionNames(dataset.registry))} by the name a player types, best first. \`match\` says which rule found each hit, in ranking order: ${MATCH_RULES_TEXT}. ${TIES_TEXT}`)}</p>
<p>${md(`Case, accents and punctuation are ignored: names and \`q\` are case-folded (\`ß\` is \`ss\`), accents dropped from Latin, Greek and Cyrillic letters only (other scripts' marks are part of their letters: \`ガ\` is not \`カ\`), an abbreviation's dots and apostrophes dropped (\`M.A.D.\` is \`mad\`). Names are matched and returned in the answer's language (\`lang\`, else Accept-Language); a record without a translated name is found and shown by its default-language name; \`x-language-fallback\` lists, as on the lists, the hits whose records keep some text in the default language. \`collections=${collectionNames(dataset.registry)[0]},stats\` narrows the search; \`limit\` is ${SEARCH_DEFAULT_LIMIT} unless given, at most ${SEARCH_MAX_LIMIT}. \`meta.total\` counts every match.`)}</p>
${examples(dataset)}`,
  );
}
