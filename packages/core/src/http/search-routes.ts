import { languageAliases } from '../dataset/aliases.js';
import { MATCH_RULES_TEXT, TIES_TEXT } from '../search/match-rules.js';
import { collectionNames, inWords } from '../collections/registry.js';
import { jsonBytesRepresentation } from '../policy/representation.js';
import { languageSearch, type SearchAnswer } from '../search/language-search.js';
import { parseSearchQuery, type SearchQuery } from '../search/search-query.js';
import { queryOf } from './request-context.js';
import { chooseLanguage } from './request-language.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * `/v1/search` (our extension): records of every collection found by the name a player types, best
 * first, in the answer's language (README, "Search").
 */
const searchRoute: RouteDeclaration = {
  path: '/v1/search',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'search',
    tags: ['search'],
    summary: 'Find records by name',
    description:
      `Our extension of the contract. ${capitalized(inWords(collectionNames(o.dataset.registry)))}` +
      ` whose names match \`q\`, best first: ${MATCH_RULES_TEXT}. ${TIES_TEXT}` +
      " Case, accents and punctuation are ignored. Names are matched and returned in the answer's language; a record without a translation is found and shown by its default-language name; `x-language-fallback` lists, as on the lists, the hits whose records keep some text in the default language. `meta.total` counts every match; there are no further pages.",
    parameters: [...o.searchParameters(), o.languageParameter(), o.key],
    responses: {
      '200': o.jsonResponse(
        'The records found, the best first.',
        'SearchResults',
        o.headers.json,
        o.examples.search,
      ),
      '400': o.ref('responses', 'BadRequest'),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler(release) {
    const { caches, languages } = release;
    const searches = new Map<string, (query: SearchQuery) => SearchAnswer>();
    const collections = collectionNames(release.dataset.registry);
    const searchIn = (tag: string) => {
      let search = searches.get(tag);
      if (search === undefined) {
        search = languageSearch({
          lists: release.dataset.registry.lists,
          list: (list) => languages.list(tag, list),
          stats: () => languages.stats(tag),
          hitTexts: () => caches.dataset.searchTexts?.(tag),
          tags: [tag, release.dataset.language],
          aliases: (collection) =>
            languageAliases(release.dataset.aliases, tag, release.dataset.language, collection),
        });
        searches.set(tag, search);
      }
      return search;
    };
    return (c) => {
      const language = chooseLanguage(c, languages);
      const query = parseSearchQuery(queryOf(c), collections);
      const key = `${query.key}&lang=${JSON.stringify(language)}`;
      return release.responder.representation(
        c,
        caches.responses.getOrCreate(key, () => {
          const { body, fellBack } = searchIn(language)(query);
          return jsonBytesRepresentation(
            caches.version,
            body,
            languages.headers(language, fellBack),
            caches.questionEtag(key),
          );
        }),
      );
    };
  },
};

/** `/v1/search` (README, "Search"). */
export const SEARCH_ROUTES: readonly RouteDeclaration[] = [searchRoute];
