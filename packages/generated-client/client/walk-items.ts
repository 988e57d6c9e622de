import createClient, { type Client } from 'openapi-fetch';
import type { ClientReport } from '../src/report.js';
import type { components, paths } from './generated/openapi.js';

/*
 * A client program written only against the types openapi-typescript generated from the served
 * document: it compiles under the repository's strict settings only if the document describes what
 * it reads (the pages and their `meta.cursor`, the counts, an item, the error body and its codes).
 */

type ItemsClient = Client<paths>;

/**
 * `item.roll` is a map of [min, max] pairs (README, "API overview"), and the generated type says so. (openapi-fetch
 * 0.17 widens tuples to arrays in the bodies it returns, so records are read as it types them.)
 */
type Roll = NonNullable<components['schemas']['Item']['roll']>[string];
const rollIsAPair: Roll extends [number, number]
  ? [number, number] extends Roll
    ? true
    : false
  : false = true;

/** Every item's id, page after page, each page's `meta.cursor` passed back unchanged until there is none (README, "API overview"). */
async function walkItems(
  client: ItemsClient,
  limit: number,
): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await client.GET('/v1/items', { params: { query: { limit, cursor } } });
    if (error)
      throw new Error(`page ${totals.length + 1}: ${error.error.code}: ${error.error.message}`);
    ids.push(...data.data.map((item) => item.id));
    totals.push(data.meta.total);
    cursor = data.meta.cursor;
  } while (cursor !== undefined);
  return { ids, totals };
}

async function countItems(client: ItemsClient): Promise<number> {
  const { data, error } = await client.GET('/v1/meta');
  if (error) throw new Error(`/v1/meta: ${error.error.code}: ${error.error.message}`);
  return data.data.counts.items;
}

async function fetchItem(client: ItemsClient, id: string): Promise<ClientReport['item']> {
  const { data, error } = await client.GET('/v1/items/{id}', { params: { path: { id } } });
  if (error) throw new Error(`/v1/items/${id}: ${error.error.code}: ${error.error.message}`);
  return { id: data.data.id, name: data.data.name };
}

async function fetchMissingItem(client: ItemsClient, id: string): Promise<ClientReport['missing']> {
  const { error, response } = await client.GET('/v1/items/{id}', { params: { path: { id } } });
  if (!error) throw new Error(`/v1/items/${id} answered ${response.status}, not an error`);
  // Compiles only while `not_found` is one of the codes of the document's error schema.
  if (error.error.code !== 'not_found')
    throw new Error(`/v1/items/${id}: ${error.error.code}, not not_found`);
  return { status: response.status, code: error.error.code, message: error.error.message };
}

export async function run(baseUrl: string, apiKey: string, limit: number): Promise<ClientReport> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });
  const { ids, totals } = await walkItems(client, limit);
  return {
    walkedIds: ids,
    pages: totals.length,
    totals,
    metaCount: await countItems(client),
    item: await fetchItem(client, ids[0] ?? ''),
    missing: await fetchMissingItem(client, 'no-such-item'),
    rollIsAPair,
  };
}
