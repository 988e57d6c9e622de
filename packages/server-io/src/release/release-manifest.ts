import type { CollectionName, LanguageCoverage } from '@gamedata/core';
import type { ContentHashes } from './content-hashes.js';

/** A release's `manifest.json`: what it is, what it was compared against, and the hashes of its content and files. */
export interface ReleaseManifest extends ContentHashes {
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  /** The release this one was compared against; `null` for the first. */
  previous: string | null;
  /** SHA-256 of each other file of the release, by name. */
  files: Record<string, string>;
  /** Each collection's bulk file in the default language (held in the snapshot): records, uncompressed size and SHA-256. */
  bulk: Record<CollectionName, { count: number; bytes: number; sha256: string }>;
  /**
   * The same for each translated language's bulk files, by its tag (absent from releases without
   * translations, and from releases published before bulk files per language).
   */
  translatedBulk?: Record<string, Record<CollectionName, { count: number; bytes: number; sha256: string }>>;
  /** The language of the records' text (absent from releases published before languages). */
  language?: string;
  /** Each translation's coverage, by language (absent from releases published before translations). */
  coverage?: Record<string, LanguageCoverage>;
}
