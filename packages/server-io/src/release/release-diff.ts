import diff from 'microdiff';
import { COLLECTION_NAMES, type CollectionName, type Dataset } from '@gamedata/core/runtime';
import { recordsById, type ContentHashes } from './content-hashes.js';

/** One value that changed: `from` is absent for a value that was added, `to` for one that was removed. */
export interface FieldChange {
  /** Where in the record, as a reader writes it: `stats[0].value`. */
  path: string;
  from?: unknown;
  to?: unknown;
}

export interface CollectionDiff {
  added: string[];
  removed: string[];
  changed: Array<{ id: string; fields: FieldChange[] }>;
}

/** Everything a release changes against the one before it, down to each changed value. */
export interface ReleaseDiff {
  /** The release compared against; `null` for the first release. */
  from: string | null;
  collections: Record<CollectionName, CollectionDiff>;
  /** The licence, docs and rarity scale. */
  meta: FieldChange[];
  sprites: { added: string[]; removed: string[]; changed: string[] };
}

/** A published dataset and its content hashes: one side of a comparison. */
export interface HashedDataset {
  dataset: Dataset;
  hashes: ContentHashes;
}

function pathOf(segments: ReadonlyArray<string | number>): string {
  return segments.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/** Field by field, as microdiff walks them (arrays index by index). */
export function fieldChanges(before: object, after: object): FieldChange[] {
  return diff(before as Record<string, unknown>, after as Record<string, unknown>).map((change) => {
    const path = pathOf(change.path);
    if (change.type === 'CREATE') return { path, to: change.value };
    if (change.type === 'REMOVE') return { path, from: change.oldValue };
    return { path, from: change.oldValue, to: change.value };
  });
}

/** The keys `after` added, removed and changed against `before`, each in the order its map lists them. */
export function keyDiff(before: Record<string, string>, after: Record<string, string>) {
  const added = Object.keys(after).filter((id) => !(id in before));
  const removed = Object.keys(before).filter((id) => !(id in after));
  const changed = Object.keys(after).filter((id) => id in before && before[id] !== after[id]);
  return { added, removed, changed };
}

function collectionDiff(name: CollectionName, before: HashedDataset | undefined, after: HashedDataset): CollectionDiff {
  const { added, removed, changed } = keyDiff(before?.hashes.collections[name].records ?? {}, after.hashes.collections[name].records);
  if (!before || changed.length === 0) return { added, removed, changed: [] };
  const beforeRecords = new Map(recordsById(before.dataset, name));
  const afterRecords = new Map(recordsById(after.dataset, name));
  // Compared as served: a key holding `undefined` is no key at all in JSON.
  const served = (record: object | undefined) => JSON.parse(JSON.stringify(record)) as object;
  return {
    added,
    removed,
    changed: changed.map((id) => ({ id, fields: fieldChanges(served(beforeRecords.get(id)), served(afterRecords.get(id))) })),
  };
}

/**
 * Compares a new release's content with the current one's (or with nothing, for the first release).
 * Records are compared by content hash first, so only the records that changed are walked.
 *
 * @example diffReleases(current, next).collections.items.changed[0] // { id: 'ember-blade', fields: [{ path: 'stats[0].value', from: 12, to: 14 }] }
 */
export function diffReleases(before: HashedDataset | undefined, after: HashedDataset): ReleaseDiff {
  const collections = {} as ReleaseDiff['collections'];
  for (const name of COLLECTION_NAMES) collections[name] = collectionDiff(name, before, after);
  // As the manifest names them: the publisher's fields are the manifest's own keys.
  const metaOf = ({ dataset }: HashedDataset) => ({ license: dataset.meta.license, docs: dataset.meta.docs, ...dataset.publisher, rarities: dataset.rarities });
  return {
    from: before?.dataset.meta.version ?? null,
    collections,
    meta: before ? fieldChanges(metaOf(before), metaOf(after)) : [],
    sprites: keyDiff(before?.hashes.sprites.files ?? {}, after.hashes.sprites.files),
  };
}
