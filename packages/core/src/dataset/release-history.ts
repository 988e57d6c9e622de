import type { CollectionName } from '../collections/list-names.js';

/** The ids one release added, changed and removed in one collection (stat keys for `stats`). */
export interface CollectionChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What one release changed against the release before it. */
export interface ReleaseChange {
  version: string;
  /** RFC 3339 timestamp. */
  published: string;
  collections: Record<CollectionName, CollectionChanges>;
}

/**
 * The change history a release carries: the oldest version it can still describe changes from
 * (`base`), then every release after it, oldest first, ending with the release itself. A client on
 * `base` or any later version can catch up from `changes` alone; one older than `base` starts again
 * from the bulk files.
 */
export interface ReleaseHistory {
  base: string;
  changes: ReleaseChange[];
}
