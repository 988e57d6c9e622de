/**
 * @gamedata/sdk — a typed, zero-dependency client for the gamedata API.
 *
 * @example
 * import { createClient } from '@gamedata/sdk';
 * const gd = createClient({ baseUrl: 'https://gamedata.example' });
 * const { version } = await gd.meta();
 */
export type {
  ClientOptions,
  ClientWarning,
  DatasetChange,
  DeprecationNotice,
  RequestOptions,
  RetryEvent,
} from './client-options.js';
export {
  createClient,
  type Facets,
  type GameDataClient,
  type GetOptions,
  type ListResource,
  type ListResources,
  type Page,
  type SearchOptions,
  type SearchResults,
  type Selected,
  type SyncOptions,
} from './client.js';
export type { CollectionName, CollectionRecords, SyncState } from './sync.js';
export {
  BadRequestError,
  DatasetChangedError,
  GameDataError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  type GameDataErrorCode,
  type GameDataErrorDetails,
} from './errors.js';
export {
  createMemoryCache,
  type CachedResponse,
  type MemoryCacheOptions,
  type ResponseCache,
} from './response-cache.js';
export type { RateLimit } from './rate-limit.js';
export type * from './generated/list-params.js';
export type { PageParams } from './page-params.js';
export type {
  Ability,
  BulkFileEntry,
  SqliteFile,
  CollectionChanges,
  CollectionMeta,
  ErrorCode,
  FieldChange,
  Follower,
  HistoryEntry,
  Item,
  ItemEffect,
  ItemRequirement,
  ItemStat,
  Language,
  LanguageChanges,
  Meta,
  Relic,
  ReleaseChange,
  SearchHit,
  SpriteChanges,
  Stat,
  Status,
  TranslationChanges,
} from './generated/records.js';
