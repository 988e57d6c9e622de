// `@gamedata/server-io/release`: publishing an export as a release, and loading releases to serve.
export {
  contentHashes,
  sha256,
  type CollectionHashes,
  type ContentHashes,
  type LanguageHashes,
} from './content-hashes.js';
export { edgeObjects, edgeSpriteKey, sqliteEdgeObjects, type EdgeObject } from './edge-files.js';
export { EDGE_FOLDER, edgeBulkPath, edgeSpritePath, type EdgeCoding } from './edge-paths.js';
export {
  diffReleases,
  type CollectionDiff,
  type FieldChange,
  type LanguageDiff,
  type ReleaseDiff,
} from './release-diff.js';
export { formatDiff } from './format-diff.js';
export { readUses } from './release-uses.js';
export { changesBetween } from './release-changes.js';
export { nextRecordHistory, type HistorySide } from './next-record-history.js';
export { replaceReleaseFiles, type Replaced } from './replace-release-files.js';
export { formatCoverage } from './format-coverage.js';
export { spriteCacheWarning } from './sprite-cache-warning.js';
export {
  DEFAULT_HISTORY_LENGTH,
  publishDataset,
  useRelease,
  type PublishOptions,
  type PublishOutcome,
} from './publish.js';
export {
  CURRENT_FILE,
  RELEASE_FILES,
  listReleases,
  nextVersion,
  pointCurrent,
  readCurrentVersion,
  readRelease,
  readReleaseManifest,
  sqliteFiles,
  versionIn,
  writeRelease,
  openReleaseStore,
  type CurrentPointer,
  type EdgeUpload,
  type Release,
  type ReleaseManifest,
  type Releases,
  type ReleaseStore,
} from './release-store.js';
export { SQLITE_QUESTIONS, SQLITE_TABLES, sqliteGuide } from './sqlite/sqlite-guide.js';
export { upgradeReleases, type UpgradeOptions, type UpgradeStep } from './upgrade.js';
export { verifyRelease, type VerifiedRelease } from './verify.js';
export { isS3Location, parseS3Location, s3Url, type S3Location } from './s3-location.js';
export { ReleaseStoreError } from './s3-errors.js';
