// Everything a server needs at run time, also importable alone as `@gamedata/core/runtime`.
export * from './runtime.js';

// Reading and validating datasets and key files, and the schemas and reference built from them.
export {
  collectionFile,
  MANIFEST_FILE,
  type DatasetSource,
  type ReleaseStamp,
} from './dataset/dataset.js';
export { LIST_SCHEMAS, listSchemas } from './dataset/list-schemas.js';
export type { ExportContext, ListSchemas } from './collections/list-schemas.js';
export { fileSizeLimit } from './dataset/limits.js';
export { loadDataset, type LoadOptions, type LoadResult } from './dataset/load-dataset.js';
export type { Inflate } from './dataset/png-image-data.js';
export { encodeSnapshot, rewriteSnapshot } from './release/snapshot.js';
export { readFormerSnapshot } from './release/former-snapshot.js';
export { joinJsonArray } from './json-bytes.js';
export { formatProblems, type DatasetProblem } from './dataset/problems.js';
export { stripMarkup } from './dataset/strip-markup.js';
export type { Manifest, RarityLevel } from './dataset/export-schemas.js';
export {
  STAT_TRANSLATABLE_FIELDS,
  TRANSLATIONS_DIR,
  type TranslatableField,
  type TranslatableFields,
} from './dataset/translations.js';
export {
  translationCoverage,
  type FieldCoverage,
  type LanguageCoverage,
} from './dataset/translation-coverage.js';
// What each bulk file holds in each language: what publishing writes a release's files from.
export { bulkRecords, type BulkRecords } from './language/bulk-records.js';
export { languageAliases } from './dataset/aliases.js';

export { KeyFileSchema, KeyRecordSchema, parseKeyFile } from './keys/key-file.js';

export { buildOpenApiDocument } from './openapi/document.js';
// Each record's JSON Schema and the API's name order: what a release's SQLite file is laid out from.
export { buildSchemaComponents } from './openapi/components.js';
export { nameRanks } from './query/name-ranks.js';
export { foldCase } from './text/fold-case.js';

// How long caches may keep an image: what the publish tool warns of when an image changes under its id.
// With the content types and the versioned bulk file's lifetime: what a copy of the files in a bucket
// is stored with, so that the edge answers with the app's own headers.
export {
  IMAGE_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  PNG_CONTENT_TYPE,
  SQLITE_CONTENT_TYPE,
  VERSIONED_BULK_CACHE_CONTROL,
} from './policy/headers.js';

// Each paginated list described once, and the values its filters take in a dataset: what the SDK's
// list, sort, field and facet types are generated from.
export { COLLECTIONS } from './collections/collections.js';
export { listFilters, sortKeys } from './collections/descriptor.js';
// What a registry's lists are declared with: each field's capabilities, and the filters of no field.
export {
  flagField,
  idField,
  nameField,
  numberField,
  plainField,
  rarityField,
  textField,
  type FieldEntry,
} from './collections/fields.js';
export { numberRange, search } from './collections/filters.js';
export { idList } from './collections/id-filter.js';
export type { CollectionDescriptor } from './collections/descriptor.js';
export { facetsOf } from './query/facets.js';
export { MATCH_RULES, type MatchRule } from './search/match-rules.js';
export {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
} from './search/search-query.js';
export type { ListFilter } from './collections/filters.js';
export { filterValues } from './collections/filter-values.js';

export {
  AbilitySchema,
  BulkFileEntrySchema,
  CollectionChangesSchema,
  CollectionMetaSchema,
  ERROR_CODES,
  ErrorBodySchema,
  FacetCountSchema,
  FieldChangeSchema,
  FollowerSchema,
  HistoryEntrySchema,
  ID_PATTERN,
  ItemSchema,
  LanguageSchema,
  LanguageChangesSchema,
  LIST_RECORD_SCHEMAS,
  MetaSchema,
  RelicSchema,
  ReleaseChangeSchema,
  SearchHitSchema,
  SearchResultsSchema,
  SpriteChangesSchema,
  SqliteFileSchema,
  StatSchema,
  StatusSchema,
  TranslationChangesSchema,
  type Ability,
  type CollectionMeta,
  type ErrorBody,
  type ErrorCode,
  type Follower,
  type Item,
  type Language,
  type Meta,
  type Relic,
  type SearchHit,
  type SearchResults,
  type Stat,
  type Status,
} from './schemas/records.js';

// A release's record history, as publishing extends it.
export {
  CURRENT,
  releaseParents,
  statesByRelease,
  type HistoryRelease,
  type ListHistory,
  type RecordHistory,
  type RecordTimeline,
  type StateChange,
  type StoredState,
} from './history/record-history.js';
export { recordHistoryOf } from './history/dataset-history.js';
export { elementIdentities, releaseHistory } from './history/history-query.js';
export { localizeCollection } from './language/localized-collection.js';
export { compareIds } from './dataset/collection.js';
