import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { derivedBytes } from '../dataset/derived-memory.js';
import { LruCache } from '../lru-cache.js';
import { languageHeaders, type HeaderSet } from '../policy/headers.js';
import { jsonRepresentation, type Representation } from '../policy/representation.js';
import type { Matches } from '../query/select-page.js';
import type { CacheCounts } from './app-metrics.js';
import { questionEtags } from './question-etag.js';
import { ENTRY_OVERHEAD_BYTES } from './respond.js';

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
  matches: LruCache<Matches>;
  /**
   * The JSON answer cached under `key`, made from `payload()` the first time, with `headers` of its own:
   * by default, those of text in the dataset's language.
   */
  json(key: string, payload: () => unknown, headers?: () => HeaderSet): Representation;
  /** The etag of the answer to `question` (a cache key), worked out from it alone (`questionEtags`). */
  questionEtag(question: string): string;
  /** The bytes both caches hold, as their bounds count them. */
  readonly bytes: number;
  /** The bytes queries have derived from the release's records so far (`derivedBytes`). */
  readonly derivedBytes: number;
}

/**
 * Caches shared by every data route of one release, within `cacheBytes`: a quarter of the budget goes
 * to matches, the rest to answers and to what queries derive from the records (indexes, ranks, members'
 * starts), answers making room for those as they are made — down to a quarter of the budget, so that
 * a release whose derived indexes outgrow it still keeps answers. The answers' hits and misses are
 * added to `counts`, which outlives the release.
 *
 * @example createResponseCaches(dataset, 64 * 1024 * 1024, { hits: 0, misses: 0 }).json('meta', () => recordBody(dataset.meta))
 */
export function createResponseCaches(
  dataset: Dataset,
  cacheBytes: number,
  counts: CacheCounts,
): ResponseCaches {
  const version = dataset.meta.version;
  const lists = dataset.registry.lists.map(({ name }) => collectionOf(dataset, name));
  const derived = () => derivedBytes(lists);
  const defaultLanguage = languageHeaders(dataset.language, dataset.language);
  const responses = new LruCache<Representation>({
    maxEntries: 2048,
    maxBytes: cacheBytes * 0.75,
    sizeOf: representationBytes,
    reserved: () => Math.min(derived(), cacheBytes * 0.5),
    counts,
    admitOnSecondUse: true,
  });
  const matches = new LruCache<Matches>({
    maxEntries: 256,
    maxBytes: cacheBytes * 0.25,
    sizeOf: ({ bits, positions }) =>
      bits.byteLength + (positions?.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES,
    admitOnSecondUse: true,
  });
  return {
    version,
    dataset,
    responses,
    matches,
    questionEtag: questionEtags(dataset),
    json: (key, payload, headers) =>
      responses.getOrCreate(key, () =>
        jsonRepresentation(version, payload(), headers ? headers() : defaultLanguage),
      ),
    get bytes() {
      return responses.bytes + matches.bytes;
    },
    get derivedBytes() {
      return derived();
    },
  };
}
