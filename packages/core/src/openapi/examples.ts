import { collectionNames } from '../collections/registry.js';
import type { ListDescriptor } from '../collections/descriptor.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import { toApiError, toErrorBody } from '../errors.js';
import { bulkIndexBody, changesBody, listBody, recordBody, statsBody } from '../query/bodies.js';
import { changesSince } from '../query/changes-query.js';
import { DEFAULT_LIMIT, parseListQuery } from '../query/list-query.js';
import { matchIndexes, selectPage } from '../query/select-page.js';
import { languagesBody } from '../language/languages-body.js';
import {
  facetsOperationId,
  getOperationId,
  historyOperationId,
  listOperationId,
} from './operation-ids.js';
import { positionOfId } from '../dataset/collection.js';
import { recordHistoryOf } from '../history/dataset-history.js';
import {
  elementIdentities,
  historyPage,
  historyQuestion,
  releaseHistory,
} from '../history/history-query.js';
import type { HistoryEntry } from '../history/record-history.js';
import { facetCounts, parseFacets } from '../query/facets.js';
import type { Json } from './refs.js';
import { defaultLanguageSearch } from '../search/language-search.js';
import { parseSearchQuery } from '../search/search-query.js';

/**
 * An OpenAPI Example Object whose summary is the request it answers, e.g.
 * `GET /v1/items?rarity=legendary&limit=1`: the docs page shows that request as its curl example, and
 * a test sends it and checks that the live reply is exactly `value`.
 */
export interface RequestExample extends Json {
  summary: string;
  value: unknown;
}

const example = (path: string, value: unknown): RequestExample => ({
  summary: `GET ${path}`,
  value,
});

/**
 * A list's example page and example record, computed by the same query code and body shapes the routes
 * use, with the query and record its descriptor picks.
 */
function listExamples(dataset: Dataset, list: string): Array<[string, RequestExample | undefined]> {
  const descriptor = dataset.registry.list(list);
  const collection = collectionOf(dataset, list);
  const search = descriptor.exampleQuery(dataset);
  const query = parseListQuery(list, new URLSearchParams(search), dataset);
  const page = selectPage(
    collection,
    matchIndexes(collection, query),
    query,
    dataset.meta.version,
    dataset.language,
  );
  const record = descriptor.exampleRecord(collection.records);
  const { data, total } = facetCounts(
    descriptor,
    collection,
    [],
    parseFacets(descriptor, undefined),
  );
  return [
    [historyOperationId(descriptor.typeName), historyExample(dataset, descriptor)],
    [facetsOperationId(list), example(`/v1/facets/${list}`, { data, meta: { total } })],
    [listOperationId(list), example(`/v1/${list}?${search}`, listBody(page))],
    [
      getOperationId(descriptor.typeName),
      record && example(`/v1/${list}/${encodeURIComponent(record.id)}`, recordBody(record)),
    ],
  ];
}

/**
 * Example responses taken from the loaded dataset, by operationId, so the reference shows real data
 * and never invents a value.
 *
 * @example buildExamples(dataset).listItems?.summary // 'GET /v1/items?rarity=legendary&limit=1'
 */
export function buildExamples(dataset: Dataset): Partial<Record<string, RequestExample>> {
  return Object.fromEntries([
    ...dataset.registry.lists.flatMap(({ name }) => listExamples(dataset, name)),
    ['listStats', example('/v1/stats', statsBody(dataset.stats))],
    ['getMeta', example('/v1/meta', recordBody(dataset.meta))],
    ['listChanges', changesExample(dataset)],
    ['listBulkFiles', example('/v1/bulk', bulkIndexBody(dataset))],
    ['listLanguages', example('/v1/languages', languagesBody(dataset))],
    ['search', searchExample(dataset)],
  ]);
}

/**
 * A record's story: of the first records whose history is stored (changed since added, or removed),
 * the one with the most entries, one with changed values first; the example record when none is.
 */
function historyExample(dataset: Dataset, descriptor: ListDescriptor): RequestExample | undefined {
  const list = descriptor.name;
  const collection = collectionOf(dataset, list);
  const history = releaseHistory(dataset);
  const identities = elementIdentities(descriptor);
  const storyOf = (id: string) => {
    const position = positionOfId(collection.ids, id);
    const states = history.states(list, id, position, dataset.language);
    return states && history.entries(states, identities, () => collection.at(position));
  };
  const stored = recordHistoryOf(dataset).list(list).stored.slice(0, 50);
  const candidates =
    stored.length > 0 ? stored : [descriptor.exampleRecord(collection.records)?.id];
  const score = (entries: readonly HistoryEntry[]) =>
    entries.length + (entries.some((entry) => entry.fields.length > 0) ? 0.5 : 0);
  let chosen: { id: string; entries: HistoryEntry[] } | undefined;
  for (const id of candidates) {
    const entries = id === undefined ? undefined : storyOf(id);
    if (entries && score(entries) > (chosen ? score(chosen.entries) : 0))
      chosen = { id: id!, entries };
  }
  if (!chosen) return undefined;
  const question = historyQuestion(dataset, { list, id: chosen.id, language: dataset.language });
  return example(
    `/v1/${list}/${encodeURIComponent(chosen.id)}/history`,
    historyPage(chosen.entries, { offset: 0, limit: DEFAULT_LIMIT }, question),
  );
}

/**
 * A search for the first item's name with a letter of its longest word dropped, as a player in a hurry
 * types it: the typo still finds the item.
 */
function searchExample(dataset: Dataset): RequestExample | undefined {
  const name = gameList(dataset, 'items')?.records[0]?.name;
  if (name === undefined) return undefined;
  const longest = name.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
  const at = name.indexOf(longest) + Math.floor(longest.length / 2);
  const search = `q=${encodeURIComponent(name.slice(0, at) + name.slice(at + 1))}&limit=3`;
  const answer = defaultLanguageSearch(dataset)(
    parseSearchQuery(new URLSearchParams(search), collectionNames(dataset.registry)),
  );
  return example(`/v1/search?${search}`, JSON.parse(new TextDecoder().decode(answer.body)));
}

/** The changes since the oldest version the history knows: every release it describes. */
function changesExample(dataset: Dataset): RequestExample {
  const search = `since=${dataset.history.base}`;
  return example(
    `/v1/changes?${search}`,
    changesBody(changesSince(dataset.history, new URLSearchParams(search)).changes),
  );
}

/**
 * A real 400, with the message the API sends: items of a rarity just past the top of the dataset's
 * scale; for a dataset without items, its first list with a limit of 0.
 */
export function buildBadRequestExample(dataset: Dataset): RequestExample {
  const offScale = Math.max(...dataset.rarities.map((r) => r.value)) + 1;
  const [list, search] = dataset.registry.has('items')
    ? ['items', `rarity=${offScale}`]
    : [(dataset.registry.lists[0] as ListDescriptor).name, 'limit=0'];
  try {
    parseListQuery(list, new URLSearchParams(search), dataset);
  } catch (error) {
    return example(`/v1/${list}?${search}`, toErrorBody(toApiError(error)));
  }
  throw new Error(`${list}?${search} was accepted`);
}
