import type { ListDescriptor } from '../collections/descriptor.js';
import type { Registry } from '../collections/registry.js';
import { facetsOperationId } from '../openapi/operation-ids.js';
import { jsonBytesRepresentation } from '../policy/representation.js';
import { facetCounts, facetsOf, parseFacets } from '../query/facets.js';
import { parseFilters } from '../query/list-query.js';
import { readParam } from '../read-param.js';
import { matchIndexes } from '../query/select-page.js';
import { queryOf } from './request-context.js';
import { chooseLanguage } from './request-language.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

const encoder = new TextEncoder();

/**
 * `/v1/facets/{list}` (our extension): how many of the records a list's filters match have each
 * value of each facet, so a filter UI shows its counts in one request.
 */
function facetRoute(descriptor: ListDescriptor): RouteDeclaration {
  const { name, typeName } = descriptor;
  const list = name;
  return {
    path: `/v1/facets/${name}`,
    methods: GET_AND_HEAD,
    tier: 'caller',
    operation: (o) => ({
      operationId: facetsOperationId(list),
      tags: [name],
      summary: `Count ${name} by value`,
      description: `Our extension of the contract. Takes the filters of /v1/${name} and answers, for each facet, how many matching ${name} have each value (${[...facetsOf(descriptor).keys()].map((f) => `\`${f}\``).join(', ')}${facetsOf(descriptor).has('stat') ? '; `stat` counts the items that have each stat key' : ''}), the largest count first, then by value; values no match has are left out. \`meta.total\` counts the matches.`,
      parameters: [...o.facetParameters(list), o.languageParameter(), o.key],
      responses: {
        '200': o.jsonResponse(
          `Counts of the matching ${name}.`,
          `${typeName}Facets`,
          o.headers.json,
          o.examples[facetsOperationId(list)],
        ),
        '400': o.ref('responses', 'BadRequest'),
        ...o.commonResponses('NotModified'),
      },
    }),
    handler(release) {
      const { caches, languages } = release;
      return (c) => {
        const language = chooseLanguage(c, languages);
        const params = queryOf(c);
        const { filters, matching } = parseFilters(
          list,
          params,
          release.dataset,
          language === languages.default ? undefined : language,
        );
        const facets = parseFacets(descriptor, readParam(params, 'facet'));
        const key = `facets|${matching}|${facets.join(',')}`;
        return release.responder.representation(
          c,
          caches.responses.getOrCreate(key, () => {
            const { collection } = languages.list(language, list);
            const { data, total } = facetCounts(descriptor, collection, filters, facets, (plan) =>
              caches.matches.getOrCreate(matching, () =>
                matchIndexes(collection, { filters }, plan),
              ),
            );
            const body = { data, meta: { total } };
            return jsonBytesRepresentation(
              caches.version,
              encoder.encode(JSON.stringify(body)),
              languages.headers(language),
              caches.questionEtag(key),
            );
          }),
        );
      };
    },
  };
}

/** Each list's facets (our extension), from its descriptor. */
export function facetRoutes(registry: Registry): RouteDeclaration[] {
  return registry.lists.map(facetRoute);
}
