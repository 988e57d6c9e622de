import { COLLECTIONS } from '../collections/collections.js';
import type { CollectionDescriptor } from '../collections/descriptor.js';
import { LIST_NAMES, type ListName } from '../collections/list-names.js';
import type { Collection } from '../dataset/collection.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { ApiError } from '../errors.js';
import { LruCache } from '../lru-cache.js';
import { imageRepresentation, jsonBytesRepresentation, jsonRepresentation, type Representation } from '../policy/representation.js';
import { changesBody, listBody, listBodyBytes, recordBody, statsBody } from '../query/bodies.js';
import { changesSince } from '../query/changes-query.js';
import { parseListQuery } from '../query/list-query.js';
import { matchIndexes, selectPage, selectPositions } from '../query/select-page.js';
import type { AddRoute } from './answer-policy.js';
import { ENTRY_OVERHEAD_BYTES, type Responder } from './respond.js';

const SPRITE_FILE = /^([A-Za-z0-9._-]+)\.png$/;

/**
 * What a cached answer may come to hold: its body, and the br and gzip forms compressed into it on
 * first use — each no larger than the body, give or take a few bytes — so three bodies, counted when
 * it is cached.
 */
function representationBytes(representation: Representation): number {
  return 3 * representation.identity.body.byteLength + ENTRY_OVERHEAD_BYTES;
}

/** Serialised responses (and the matches behind them), reused: every body derives from the immutable dataset. */
interface ResponseCaches {
  version: string;
  responder: Responder;
  dataset: Dataset;
  responses: LruCache<Representation>;
  matches: LruCache<number[]>;
}

function cachedJson(caches: ResponseCaches, key: string, payload: () => unknown): Representation {
  return caches.responses.getOrCreate(key, () => jsonRepresentation(caches.version, payload()));
}

/** `/v1/{list}` and `/v1/{list}/{id}` of one collection, as its descriptor describes them. */
function registerCollectionRoutes<R extends { id: string }>(
  get: AddRoute,
  descriptor: CollectionDescriptor<R>,
  collection: Collection<R>,
  caches: ResponseCaches,
): void {
  const { name } = descriptor;
  get(`/v1/${name}`, (exchange) => {
    const query = parseListQuery(name, exchange.target.params, caches.dataset);
    const key = `${query.canonical}|${query.limit}|${query.after ?? ''}`;
    const representation = caches.responses.getOrCreate(key, () => {
      const matched = caches.matches.getOrCreate(query.canonical, () => matchIndexes(collection, query));
      // Records kept as JSON (a snapshot's) go into the page as they are: nothing is parsed or serialised.
      if (collection.json) return jsonBytesRepresentation(caches.version, listBodyBytes(selectPositions(collection, matched, query, caches.version), collection.json));
      return jsonRepresentation(caches.version, listBody(selectPage(collection, matched, query, caches.version)));
    });
    return caches.responder.representation(exchange, representation);
  });
  get(`/v1/${name}/:id`, (exchange) => {
    const id = exchange.params.id ?? '';
    const record = collection.get(id);
    if (!record) return caches.responder.error(exchange, new ApiError('not_found', `No ${descriptor.noun} with id "${id}".`));
    return caches.responder.representation(exchange, cachedJson(caches, `${name}/${id}`, () => recordBody(record)));
  });
}

/** Registers one list's routes with its descriptor and collection, typed together. */
function registerList<K extends ListName>(get: AddRoute, list: K, caches: ResponseCaches): void {
  registerCollectionRoutes(get, COLLECTIONS[list], collectionOf(caches.dataset, list), caches);
}

/**
 * The data endpoints of spec §4: each list's routes from its descriptor, the stat vocabulary, the
 * dataset description and the artwork; and our extension, the releases' changes.
 */
export function registerDataRoutes(get: AddRoute, dataset: Dataset, responder: Responder, cacheBytes: number): void {
  const { version } = dataset.meta;
  const responses = new LruCache<Representation>({ maxEntries: 2048, maxBytes: cacheBytes * 0.75, sizeOf: representationBytes });
  const matches = new LruCache<number[]>({ maxEntries: 256, maxBytes: cacheBytes * 0.25, sizeOf: (positions) => positions.length * 8 + ENTRY_OVERHEAD_BYTES });
  const caches: ResponseCaches = { version, responder, dataset, responses, matches };
  // One per sprite that exists, so bounded by the dataset.
  const images = new Map<string, Representation>();
  for (const list of LIST_NAMES) registerList(get, list, caches);
  get('/v1/stats', (exchange) => responder.representation(exchange, cachedJson(caches, 'stats', () => statsBody(dataset.stats))));
  get('/v1/meta', (exchange) => responder.representation(exchange, cachedJson(caches, 'meta', () => recordBody(dataset.meta))));
  get('/v1/changes', (exchange) => {
    const changes = changesSince(dataset.history, exchange.target.params);
    // How many releases follow `since` tells which `since` it was: one cached body per known version.
    return responder.representation(exchange, cachedJson(caches, `changes|${changes.length}`, () => changesBody(changes)));
  });
  // Sprites come only from the loaded set, looked up by id in a Map: a request path is never joined
  // onto a file path, so `..`, `.env` or `%2e%2e` can only ever be "no such sprite".
  get('/v1/img/:file', (exchange) => {
    const file = exchange.params.file ?? '';
    const id = SPRITE_FILE.exec(file)?.[1];
    const sprite = id === undefined ? undefined : dataset.sprites.get(id);
    if (!sprite) return responder.error(exchange, new ApiError('not_found', `No sprite "${file}".`));
    let image = images.get(file);
    if (!image) images.set(file, (image = imageRepresentation(version, sprite)));
    return responder.representation(exchange, image);
  });
}
