import type { Dataset } from '../dataset/dataset.js';
import { LruCache } from '../lru-cache.js';
import { jsonRepresentation, type Representation } from '../policy/representation.js';
import { ENTRY_OVERHEAD_BYTES } from './respond.js';
import type { RouteRelease } from './route.js';

/**
 * What a cached answer may come to hold: its body, and the br and gzip forms compressed into it on
 * first use — each no larger than the body, give or take a few bytes — so three bodies, counted when
 * it is cached.
 */
function representationBytes(representation: Representation): number {
  return 3 * representation.identity.body.byteLength + ENTRY_OVERHEAD_BYTES;
}

/**
 * Serialised answers (and the list matches behind them) of one release, reused: every body derives
 * from the immutable dataset. Bounded in entries and in bytes, so crafted queries cannot grow the
 * process.
 */
export interface ResponseCaches {
  version: string;
  dataset: Dataset;
  responses: LruCache<Representation>;
  matches: LruCache<number[]>;
  /** The JSON answer cached under `key`, made from `payload()` the first time. */
  json(key: string, payload: () => unknown): Representation;
}

/** Caches shared by every data route of one release; three quarters of the budget go to answers. */
export function createResponseCaches(release: RouteRelease): ResponseCaches {
  const { dataset, cacheBytes } = release;
  const version = dataset.meta.version;
  const responses = new LruCache<Representation>({ maxEntries: 2048, maxBytes: cacheBytes * 0.75, sizeOf: representationBytes });
  const matches = new LruCache<number[]>({ maxEntries: 256, maxBytes: cacheBytes * 0.25, sizeOf: (positions) => positions.length * 8 + ENTRY_OVERHEAD_BYTES });
  return {
    version,
    dataset,
    responses,
    matches,
    json: (key, payload) => responses.getOrCreate(key, () => jsonRepresentation(version, payload())),
  };
}

/**
 * One `ResponseCaches` per release, shared by the routes that serve it: made by the first route's
 * handler, found by the others.
 */
const cachesOf = new WeakMap<RouteRelease, ResponseCaches>();

/** The response caches of a release, made on first use. */
export function responseCachesOf(release: RouteRelease): ResponseCaches {
  let caches = cachesOf.get(release);
  if (!caches) cachesOf.set(release, (caches = createResponseCaches(release)));
  return caches;
}
