// The peer a user would build for search: fastify 5 (+ @fastify/rate-limit and its pino access log,
// as the other peers) with MiniSearch, the way its README suggests: one index per language over every
// record's name and every stat's, built at start, searched with prefixes and fuzzy terms (`fuzzy: 0.2`,
// about one edit in five letters), every typed word required. It answers `/v1/search` in our shape.
//
//   node servers/minisearch.mjs <release's dataset.snapshot> <port>
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import MiniSearch from 'minisearch';
import { bulkRecords, collectionNames, decodeSnapshot } from '@gamedata/core';

const [snapshotPath, port] = process.argv.slice(2);
const dataset = decodeSnapshot(new Uint8Array(readFileSync(snapshotPath)));
const records = bulkRecords(dataset);
const COLLECTIONS = collectionNames(dataset.registry);

/** One language's index: every record's name, stats by key. */
function indexOf(tag) {
  const index = new MiniSearch({
    idField: 'key',
    fields: ['name'],
    storeFields: ['collection', 'id', 'name', 'icon'],
    // Accents and case aside, as ours.
    processTerm: (term) =>
      term
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase(),
    searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll(
    COLLECTIONS.flatMap((collection) =>
      records(tag, collection).map((record) => ({
        key: `${collection}:${record.id ?? record.key}`,
        collection,
        id: record.id ?? record.key,
        name: record.name,
        icon: record.icon,
      })),
    ),
  );
  return index;
}

const indexes = new Map(
  [dataset.language, ...Object.keys(dataset.translations)].map((tag) => [tag, indexOf(tag)]),
);

const app = Fastify({ logger: true, trustProxy: '127.0.0.1' });
await app.register(rateLimit, { max: 60, timeWindow: 60_000 });

app.get('/v1/search', (request, reply) => {
  const { q, lang, limit } = request.query;
  const index = indexes.get(lang ?? dataset.language);
  if (!q || !index) return reply.code(400).send({ error: { code: 'bad_request', message: 'q' } });
  const found = index.search(q);
  const lower = q.toLowerCase();
  const data = found.slice(0, Math.min(Number(limit ?? 10), 50)).map((hit) => {
    const name = hit.name.toLowerCase();
    return {
      collection: hit.collection,
      id: hit.id,
      name: hit.name,
      match: name === lower ? 'exact' : name.startsWith(lower) ? 'prefix' : 'fuzzy',
      ...(hit.icon === undefined ? {} : { icon: hit.icon }),
    };
  });
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ data, meta: { total: found.length, count: data.length } });
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
