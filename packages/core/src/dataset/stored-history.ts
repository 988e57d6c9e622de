import type { CollectionChanges, ReleaseChange } from '../schemas/records.js';
import type { ReleaseHistory } from './release-history.js';

/**
 * A change entry as a snapshot holds it: one written before sprites joined the change feed has no
 * `sprites`, one written before translations did has no `translations`.
 */
export type StoredReleaseChange = Omit<ReleaseChange, 'sprites' | 'translations'> & {
  sprites?: CollectionChanges;
  translations?: ReleaseChange['translations'];
};

/** A release history as a snapshot holds it. */
export type StoredHistory = Omit<ReleaseHistory, 'changes' | 'otherReleases'> & {
  changes: StoredReleaseChange[];
  otherReleases?: Array<{ version: string; change: StoredReleaseChange }>;
};

const isComplete = (
  change: StoredReleaseChange,
): change is StoredReleaseChange & { sprites: CollectionChanges } => change.sprites !== undefined;

/** `changes` with an empty entry (arrays of its own) for each of `names` it lacks, in their order. */
const everyCollection = <T>(changes: Record<string, T>, names: readonly string[]) =>
  Object.fromEntries(
    names.map((name) => [name, changes[name] ?? { added: [], changed: [], removed: [] }]),
  ) as Record<string, T>;

/**
 * An entry as served: one written before translations joined the change feed lists none (`{}`, as for
 * a release that changed no translation; served rather than dropped, as a client that ignores
 * translations loses nothing by it); one written before a collection existed changed nothing in it.
 */
const servable = <T extends StoredReleaseChange>(
  change: T,
  names: readonly string[],
): T & Pick<ReleaseChange, 'translations'> => ({
  ...change,
  collections: everyCollection(change.collections, names),
  translations: Object.fromEntries(
    Object.entries(change.translations ?? {}).map(([tag, language]) => [
      tag,
      { ...language, collections: everyCollection(language.collections, names) },
    ]),
  ),
});

/**
 * The history a snapshot holds, as it can be served with the collections `names` (a registry's,
 * `collectionNames`). Entries written before sprites joined the change feed do not say which images
 * changed, and an answer built from them would hide such a change: the history starts after the last
 * of them instead (a client further behind starts again from the bulk files), and `recordedBase` keeps
 * where it began, for an adapter that can restore them. Entries written before translations joined it
 * list no translation changes; entries written before a collection existed, no change in it.
 *
 * @example servableHistory({ base: 'a', changes: [{ ...entryWithoutSprites, version: 'b' }] }, names) // { base: 'b', changes: [], recordedBase: 'a' }
 */
export function servableHistory(stored: StoredHistory, names: readonly string[]): ReleaseHistory {
  const { changes, otherReleases, ...rest } = stored;
  // The other releases a Lambda package's snapshot holds were worked out when it was built.
  const others = otherReleases && {
    otherReleases: otherReleases.map(({ version, change }) => ({
      version,
      change: servable(change, names) as ReleaseChange,
    })),
  };
  const lastIncomplete = changes.findLastIndex((change) => !isComplete(change));
  // Every entry after the last incomplete one is complete.
  const complete = (
    changes.slice(lastIncomplete + 1) as Array<StoredReleaseChange & { sprites: CollectionChanges }>
  ).map((change) => servable(change, names));
  if (lastIncomplete < 0) return { ...rest, ...others, changes: complete };
  return {
    ...rest,
    ...others,
    base: (changes[lastIncomplete] as StoredReleaseChange).version,
    changes: complete,
    recordedBase: stored.base,
  };
}
