import type { Collection, Dataset, ListName } from '../dataset/dataset.js';
import { toApiError, toErrorBody } from '../errors.js';
import { parseListQuery } from '../query/list-query.js';
import { matchIndexes, selectPage } from '../query/select-page.js';
import type { Json } from './refs.js';

/**
 * An OpenAPI Example Object whose summary is the request it answers, e.g.
 * `GET /v1/items?rarity=legendary&limit=1`: the docs page shows that request as its curl example, and
 * a test sends it and checks that the live reply is exactly `value`.
 */
export interface RequestExample extends Json {
  summary: string;
  value: unknown;
}

const example = (path: string, value: unknown): RequestExample => ({ summary: `GET ${path}`, value });

/** The body `/v1/{list}?{search}` answers, computed by the same query code the route runs. */
function answerList(dataset: Dataset, list: ListName, search: string): unknown {
  const collection = dataset[list] as Collection<{ id: string }>;
  const query = parseListQuery(list, new URLSearchParams(search), dataset);
  const page = selectPage(collection, matchIndexes(collection, query), query, dataset.meta.version);
  return { data: page.records, meta: { total: page.total, count: page.records.length, ...(page.cursor ? { cursor: page.cursor } : {}) } };
}

function listExample(dataset: Dataset, list: ListName, search: string): RequestExample {
  return example(`/v1/${list}?${search}`, answerList(dataset, list, search));
}

function recordExample(list: ListName, record: { id: string } | undefined): RequestExample | undefined {
  return record && example(`/v1/${list}/${encodeURIComponent(record.id)}`, { data: record });
}

/**
 * Example responses taken from the loaded dataset, by operationId: the first records of each
 * collection (for one item, the first with legendary effects, as it shows the most fields), so
 * the reference shows real data and never invents a value.
 *
 * @example buildExamples(dataset).listItems?.summary // 'GET /v1/items?rarity=legendary&limit=1'
 */
export function buildExamples(dataset: Dataset): Partial<Record<string, RequestExample>> {
  const top = dataset.rarities.reduce((a, b) => (b.value > a.value ? b : a));
  const items = dataset.items.records;
  return {
    listItems: listExample(dataset, 'items', `rarity=${top.name}&limit=1`),
    getItem: recordExample('items', items.find((item) => item.effects) ?? items[0]),
    listAbilities: listExample(dataset, 'abilities', 'limit=2'),
    getAbility: recordExample('abilities', dataset.abilities.records[0]),
    listRelics: listExample(dataset, 'relics', 'limit=2'),
    getRelic: recordExample('relics', dataset.relics.records[0]),
    listFollowers: listExample(dataset, 'followers', 'limit=2'),
    getFollower: recordExample('followers', dataset.followers.records[0]),
    listStats: example('/v1/stats', { data: dataset.stats, meta: { total: dataset.stats.length, count: dataset.stats.length } }),
    getMeta: example('/v1/meta', { data: dataset.meta }),
  };
}

/** A real 400: a rarity just past the top of the dataset's scale, with the message the API sends. */
export function buildBadRequestExample(dataset: Dataset): RequestExample {
  const offScale = Math.max(...dataset.rarities.map((r) => r.value)) + 1;
  const search = `rarity=${offScale}`;
  try {
    parseListQuery('items', new URLSearchParams(search), dataset);
  } catch (error) {
    return example(`/v1/items?${search}`, toErrorBody(toApiError(error)));
  }
  throw new Error(`rarity ${offScale} was accepted; it is off the scale`);
}
