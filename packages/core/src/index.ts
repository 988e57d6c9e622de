export { createApp, type AccessLogEntry, type AppDeps } from './http/app.js';
export type { AppEnv } from './http/app-env.js';
export { presentedKey, redactKey } from './http/api-key.js';
export { buildErrorResponse } from './http/standalone-error.js';

export {
  DATASET_FILES,
  type Collection,
  type Dataset,
  type DatasetSource,
  type ListName,
  type Sprite,
} from './dataset/dataset.js';
export { loadDataset, type LoadResult } from './dataset/load-dataset.js';
export { decodeSnapshot, encodeSnapshot } from './dataset/snapshot.js';
export { formatProblems, type DatasetProblem } from './dataset/problems.js';
export { stripMarkup } from './dataset/strip-markup.js';
export type { Manifest, RarityLevel } from './dataset/export-schemas.js';

export { ApiError, toErrorBody } from './errors.js';
export { decodeCursor, encodeCursor, type CursorPosition } from './cursor.js';
export { makeWeakEtag, matchesIfNoneMatch } from './etag.js';
export { parseListQuery, DEFAULT_LIMIT, MAX_LIMIT, type ListQuery } from './query/list-query.js';

export { TIERS, type Tier, type TierName } from './ratelimit/tiers.js';
export { decideRateLimit, windowStartOf, type RateLimitState } from './ratelimit/decide.js';
export { createMemoryStore, type MemoryStoreOptions } from './ratelimit/memory-store.js';
export { createFallbackStore, type FallbackStoreOptions } from './ratelimit/fallback-store.js';
export { clientSubject } from './ratelimit/client-subject.js';
export type { RateLimitStore } from './ratelimit/store.js';

export { API_KEY_PREFIX, generateApiKey, isWellFormedApiKey } from './keys/key-format.js';
export {
  createKeyStore,
  hashApiKey,
  KeyFileSchema,
  KeyRecordSchema,
  parseKeyFile,
  type KeyFile,
  type KeyRecord,
  type KeyStore,
} from './keys/key-store.js';

export { buildOpenApiDocument } from './openapi/document.js';

export {
  AbilitySchema,
  CollectionMetaSchema,
  ERROR_CODES,
  ErrorBodySchema,
  FollowerSchema,
  ID_PATTERN,
  ItemSchema,
  MetaSchema,
  RelicSchema,
  StatSchema,
  type Ability,
  type CollectionMeta,
  type ErrorBody,
  type ErrorCode,
  type Follower,
  type Item,
  type Meta,
  type Relic,
  type Stat,
} from './schemas/records.js';
