import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of a release's manifest.json the expected changes are worked out from. */
export interface ManifestHashes {
  version: string;
  published: string;
  collections: Record<string, { records: Record<string, string> }>;
  sprites: { files: Record<string, string> };
}

/** The ids one release added, changed and removed in a collection or the sprites. */
export interface IdLists {
  added: string[];
  changed: string[];
  removed: string[];
}

/** A change-feed entry with every id list sorted, to compare without depending on order. */
export interface SortedChange {
  version: string;
  published: string;
  collections: Record<string, IdLists>;
  sprites: IdLists;
}

/** Reads a release's manifest from a releases directory. */
export async function readManifest(releasesDir: string, version: string): Promise<ManifestHashes> {
  return JSON.parse(await readFile(join(releasesDir, version, 'manifest.json'), 'utf8')) as ManifestHashes;
}

/** The keys added, changed and removed from one hash map to another, each list sorted. */
function keyChanges(before: Record<string, string>, after: Record<string, string>): IdLists {
  const keys = (of: Record<string, string>) => Object.keys(of).sort();
  return {
    added: keys(after).filter((id) => !(id in before)),
    changed: keys(after).filter((id) => id in before && before[id] !== after[id]),
    removed: keys(before).filter((id) => !(id in after)),
  };
}

/**
 * What `/v1/changes` must list from `before` to `after`, worked out from the per-record and per-sprite
 * hashes of the two manifests rather than from the history the server reads, labelled `label`.
 */
export function expectedChange(before: ManifestHashes, after: ManifestHashes, label: ManifestHashes = after): SortedChange {
  const collections = Object.fromEntries(Object.entries(after.collections).map(([name, { records }]) => [name, keyChanges(before.collections[name]?.records ?? {}, records)]));
  return { version: label.version, published: label.published, collections, sprites: keyChanges(before.sprites.files, after.sprites.files) };
}

type ChangesBody = { data: SortedChange[] };
const sortedLists = (lists: IdLists): IdLists => ({ added: [...lists.added].sort(), changed: [...lists.changed].sort(), removed: [...lists.removed].sort() });

/** A `/v1/changes` body's entries with every id list sorted. */
export function sortedChanges(body: ChangesBody): SortedChange[] {
  return body.data.map((change) => ({
    ...change,
    collections: Object.fromEntries(Object.entries(change.collections).map(([name, lists]) => [name, sortedLists(lists)])),
    sprites: sortedLists(change.sprites),
  }));
}
