import diff from 'microdiff';
import { collectionNames, type Dataset } from '@gamedata/core/runtime';
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

/** What a release changes in one language's translations. */
export interface LanguageDiff {
  /** The release adds the language, removes it, or changes its text. */
  change: 'added' | 'removed' | 'changed';
  /** Per collection, the records whose translation was added, removed or changed (with each changed field). */
  collections: Record<string, CollectionDiff>;
  /** The translated rarity names, by value: `rarities.4`. */
  rarities: FieldChange[];
}

/** Everything a release changes against the one before it, down to each changed value. */
export interface ReleaseDiff {
  /** The release compared against; `null` for the first release. */
  from: string | null;
  collections: Record<string, CollectionDiff>;
  /** The licence, docs, rarity scale and language. */
  meta: FieldChange[];
  sprites: { added: string[]; removed: string[]; changed: string[] };
  /** The languages whose translations changed, by tag; a language whose text is unchanged is not listed. */
  translations: Record<string, LanguageDiff>;
}

/** A published dataset and its content hashes: one side of a comparison. */
export interface HashedDataset {
  dataset: Dataset;
  hashes: ContentHashes;
}

function pathOf(segments: ReadonlyArray<string | number>): string {
  return segments
    .map((segment, i) =>
      typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`,
    )
    .join('');
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

/** Records by id, hashed, on both sides; `recordOf` gives a changed record (called only for those). */
function recordsDiff(
  before: Record<string, string>,
  after: Record<string, string>,
  recordOf: (side: 'before' | 'after', id: string) => object | undefined,
): CollectionDiff {
  const { added, removed, changed } = keyDiff(before, after);
  // Compared as served: a key holding `undefined` is no key at all in JSON.
  const served = (record: object | undefined) => JSON.parse(JSON.stringify(record ?? {})) as object;
  return {
    added,
    removed,
    changed: changed.map((id) => ({
      id,
      fields: fieldChanges(served(recordOf('before', id)), served(recordOf('after', id))),
    })),
  };
}

function collectionDiff(
  name: string,
  before: HashedDataset | undefined,
  after: HashedDataset,
): CollectionDiff {
  // Made on the first changed record only: most releases change few records, or none.
  const records = {
    before: undefined as Map<string, object> | undefined,
    after: undefined as Map<string, object> | undefined,
  };
  const recordOf = (side: 'before' | 'after', id: string) =>
    (records[side] ??= new Map(
      recordsById((side === 'before' ? before : after)!.dataset, name),
    )).get(id);
  return recordsDiff(
    before?.hashes.collections[name]?.records ?? {},
    after.hashes.collections[name]?.records ?? {},
    recordOf,
  );
}

function languageDiff(
  tag: string,
  before: HashedDataset | undefined,
  after: HashedDataset,
): LanguageDiff {
  const was = before?.hashes.translations?.[tag];
  const is = after.hashes.translations?.[tag];
  const textOf = (side: HashedDataset | undefined) => side?.dataset.translations[tag];
  const collections: LanguageDiff['collections'] = {};
  for (const name of collectionNames(after.dataset.registry)) {
    const recordOf = (side: 'before' | 'after', id: string) =>
      textOf(side === 'before' ? before : after)?.collections[name]?.[id];
    collections[name] = recordsDiff(
      was?.collections[name]?.records ?? {},
      is?.collections[name]?.records ?? {},
      recordOf,
    );
  }
  const rarities = fieldChanges(
    { rarities: textOf(before)?.rarities ?? {} },
    { rarities: textOf(after)?.rarities ?? {} },
  );
  return {
    change: was === undefined ? 'added' : is === undefined ? 'removed' : 'changed',
    collections,
    rarities,
  };
}

/** Each language whose translations the release adds, removes or changes. */
function translationsDiff(
  before: HashedDataset | undefined,
  after: HashedDataset,
): Record<string, LanguageDiff> {
  const tags = [
    ...new Set([
      ...Object.keys(before?.hashes.translations ?? {}),
      ...Object.keys(after.hashes.translations ?? {}),
    ]),
  ].sort();
  const changed = tags.filter(
    (tag) => before?.hashes.translations?.[tag]?.hash !== after.hashes.translations?.[tag]?.hash,
  );
  return Object.fromEntries(changed.map((tag) => [tag, languageDiff(tag, before, after)]));
}

/**
 * Compares a new release's content with the current one's (or with nothing, for the first release).
 * Records are compared by content hash first, so only the records that changed are walked.
 *
 * @example diffReleases(current, next).collections.items.changed[0] // { id: 'ember-blade', fields: [{ path: 'stats[0].value', from: 12, to: 14 }] }
 */
export function diffReleases(before: HashedDataset | undefined, after: HashedDataset): ReleaseDiff {
  const collections: ReleaseDiff['collections'] = {};
  for (const name of collectionNames(after.dataset.registry))
    collections[name] = collectionDiff(name, before, after);
  // As the manifest names them: the publisher's fields are the manifest's own keys.
  const metaOf = ({ dataset }: HashedDataset) => ({
    license: dataset.meta.license,
    docs: dataset.meta.docs,
    ...dataset.publisher,
    rarities: dataset.rarities,
    language: dataset.language,
  });
  return {
    from: before?.dataset.meta.version ?? null,
    collections,
    meta: before ? fieldChanges(metaOf(before), metaOf(after)) : [],
    sprites: keyDiff(before?.hashes.sprites.files ?? {}, after.hashes.sprites.files),
    translations: translationsDiff(before, after),
  };
}
