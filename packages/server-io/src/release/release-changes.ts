import { COLLECTION_NAMES, type CollectionChanges, type CollectionName, type ReleaseChange } from '@gamedata/core/runtime';
import type { ContentHashes } from './content-hashes.js';
import { keyDiff } from './release-diff.js';

/** What a change-feed entry says beyond its version and published time. */
export type ChangedIds = Pick<ReleaseChange, 'collections' | 'sprites'>;

const inFeedOrder = ({ added, changed, removed }: CollectionChanges): CollectionChanges => ({ added, changed, removed });

/**
 * The ids added, changed and removed from one release's content to another's, per collection and for
 * the sprites: a change-feed entry's body. Both sides are content hashes, which every manifest holds,
 * so any two releases of a directory compare without loading either.
 *
 * @example changesBetween(previousManifest, manifest).sprites.changed // ['follower.beast.2']
 */
export function changesBetween(before: ContentHashes, after: ContentHashes): ChangedIds {
  const collections = {} as Record<CollectionName, CollectionChanges>;
  for (const name of COLLECTION_NAMES) collections[name] = inFeedOrder(keyDiff(before.collections[name].records, after.collections[name].records));
  return { collections, sprites: inFeedOrder(keyDiff(before.sprites.files, after.sprites.files)) };
}
