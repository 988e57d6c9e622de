/**
 * `@gamedata/core/runtime`: what a server needs to serve a dataset that was validated earlier and
 * shipped as a snapshot — the app, snapshot decoding, API keys and rate-limit stores — without zod or
 * the dataset validator. Made for runtimes where start-up time is paid per instance (AWS Lambda and
 * other serverless platforms); everything here is also exported by `@gamedata/core`.
 *
 * The app's OpenAPI document and /docs page are built from the schemas, so they load zod — on their
 * first request, not at start.
 *
 * @packageDocumentation
 */
export {
  createApp,
  GameDataApp,
  type AppDeps,
  type AppLogEntry,
  type RefusedRequest,
} from './http/app.js';
export type { AppBindings, AppEnv } from './http/app-env.js';
export type { AccessLogEntry } from './http/access-log.js';
export {
  UNMATCHED_ROUTE,
  type AppMetrics,
  type AppStats,
  type CacheCounts,
} from './http/app-metrics.js';
export type { StoreFlipLogEntry } from './http/store-flip-log.js';
export { requestUrl, RefusedTarget } from './http/request-url.js';
export { presentedKey } from './http/api-key.js';
export { isToken } from './http/token.js';
export { redactKeyLike, redactSecrets } from './keys/redact.js';
export {
  headersTooLarge,
  malformedRequest,
  methodNotAllowed,
  requestTimeout,
  unreadableTarget,
} from './policy/errors.js';
export { refusalAnswer, type Refusal } from './policy/representation.js';
// The JSON lifetime: what an adapter's own redirect of an answer (Lambda's, to the edge) may be kept for.
export { JSON_CACHE_CONTROL } from './policy/headers.js';
export { negotiateCoding, type Compress, type ContentCoding } from './policy/content-coding.js';

export {
  COLLECTION_NAMES,
  LIST_NAMES,
  type CollectionName,
  type ListName,
} from './collections/list-names.js';
export type { Collection } from './dataset/collection.js';
export type { NameIndex } from './dataset/name-index.js';
export { gameList } from './dataset/game-list.js';
export {
  collectionOf,
  type Dataset,
  type GameDataset,
  type GameLists,
  type ListRecord,
  type Sprite,
} from './dataset/dataset.js';
export { REGISTRY } from './collections/collections.js';
export {
  collectionNames,
  defineRegistry,
  STATS,
  translatableFields,
  type Registry,
} from './collections/registry.js';
export type { AnyListRecord, ListTypes } from './collections/list-types.js';
export type { ListDescriptor } from './collections/descriptor.js';
// canonicalLanguage: how an adapter reads `lang` as the app does (Lambda's redirect of a bulk file to its language's copy).
export {
  DEFAULT_LANGUAGE,
  canonicalLanguage,
  type LanguageTranslations,
  type RecordTranslation,
  type TranslatedElement,
  type Translations,
} from './dataset/translations.js';
export {
  knownVersions,
  type OtherRelease,
  type ReleaseHistory,
  type ReleaseUse,
  type ServedRelease,
} from './dataset/release-history.js';
export type { BulkFile, BulkFiles } from './dataset/bulk.js';
export {
  sqliteFileName,
  databaseEtag,
  type ReleaseDatabase,
  type SqliteGuide,
} from './dataset/release-database.js';
export type {
  BulkFileEntry,
  CollectionChanges,
  LanguageChanges,
  ReleaseChange,
  SpriteChanges,
  SqliteFile,
  TranslationChanges,
} from './schemas/records.js';
export { compareVersions, DATASET_VERSION_PATTERN } from './dataset/version.js';
export { decodeSnapshot } from './release/snapshot.js';
export {
  DamagedSectionError,
  readSnapshotHead,
  snapshotHeaderEnd,
  SNAPSHOT_PREFIX_BYTES,
  type SnapshotHead,
  type SnapshotRest,
} from './dataset/snapshot.js';
export type { BlockCodec } from './dataset/record-blocks.js';
export {
  SNAPSHOT_FORMAT,
  SnapshotFormatError,
  UPGRADE_COMMAND,
  type SectionEntry,
} from './dataset/snapshot-format.js';

export { ApiError, badRequest, toApiError, toErrorBody } from './errors.js';
export { decodeCursor, encodeCursor, type CursorPosition } from './cursor.js';
export { makeWeakEtag, matchesIfNoneMatch } from './etag.js';
export {
  parseListQuery,
  filtersFingerprint,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type ListQuery,
} from './query/list-query.js';

export { TIERS, type Tier, type TierName } from './ratelimit/tiers.js';
export { decideRateLimit, windowStartOf, type RateLimitState } from './ratelimit/decide.js';
export {
  createMemoryStore,
  type MemoryStore,
  type MemoryStoreOptions,
} from './ratelimit/memory-store.js';
export {
  createFallbackStore,
  type FallbackStoreOptions,
  type StoreFlip,
} from './ratelimit/fallback-store.js';
export { clientSubject } from './ratelimit/client-subject.js';
// Client addresses as ipaddr.js reads them and the limiter counts them: what an adapter that learns
// the client from a trusted proxy's header (Node's GAMEDATA_TRUST_PROXY) reads and writes them with.
export {
  normalizeIpAddress,
  parseIpAddress,
  parseIpRange,
  type IpAddress,
  type IpRange,
} from './ip-address.js';
export type { RateLimitStore } from './ratelimit/store.js';

export { API_KEY_PREFIX, generateApiKey, isWellFormedApiKey } from './keys/key-format.js';
export {
  createKeyStore,
  hashApiKey,
  type KeyFile,
  type KeyRecord,
  type KeyStore,
} from './keys/key-store.js';
