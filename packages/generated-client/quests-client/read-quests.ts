import createClient from 'openapi-fetch';
import type { QuestsReport } from '../src/report.js';
import type { components, paths } from './generated/openapi.js';

/*
 * A client program written only against the types openapi-typescript generated from the document of
 * a server whose registry adds a list (`quests`): it compiles only if the document describes that
 * list — its path, its filters and its record — as it describes the API's own.
 */

type Quest = components['schemas']['Quest'];

/** Compiles only while the document gives a quest a required numeric `level`. */
const levelIsANumber: Quest['level'] extends number
  ? number extends Quest['level']
    ? true
    : false
  : false = true;

export async function run(baseUrl: string): Promise<QuestsReport> {
  const client = createClient<paths>({ baseUrl });
  const page = await client.GET('/v1/quests', {
    params: { query: { level: '10..30', sort: '-level', fields: 'level' } },
  });
  if (page.error)
    throw new Error(`/v1/quests: ${page.error.error.code}: ${page.error.error.message}`);
  const meta = await client.GET('/v1/meta');
  if (meta.error) throw new Error(`/v1/meta: ${meta.error.error.code}`);
  const one = await client.GET('/v1/quests/{id}', { params: { path: { id: 'wolf-hunt' } } });
  if (one.error) throw new Error(`/v1/quests/wolf-hunt: ${one.error.error.code}`);
  return {
    ids: page.data.data.map((quest) => quest.id),
    levels: page.data.data.map((quest) => quest.level),
    count: meta.data.data.counts.quests,
    name: one.data.data.name,
    levelIsANumber,
  };
}
