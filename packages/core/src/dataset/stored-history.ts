import type { CollectionChanges, ReleaseChange } from '../schemas/records.js';
import type { ReleaseHistory } from './release-history.js';

/** A change entry as a snapshot holds it: one written before sprites joined the change feed has no `sprites`. */
export type StoredReleaseChange = Omit<ReleaseChange, 'sprites'> & { sprites?: CollectionChanges };

/** A release history as a snapshot holds it. */
export type StoredHistory = Omit<ReleaseHistory, 'changes'> & { changes: StoredReleaseChange[] };

const isComplete = (change: StoredReleaseChange): change is ReleaseChange => change.sprites !== undefined;

/**
 * The history a snapshot holds, as it can be served. Entries written before sprites joined the change
 * feed do not say which images changed, and an answer built from them would hide such a change: the
 * history starts after the last of them instead (a client further behind starts again from the bulk
 * files), and `recordedBase` keeps where it began, for an adapter that can restore them.
 *
 * @example servableHistory({ base: 'a', changes: [{ ...entryWithoutSprites, version: 'b' }] }) // { base: 'b', changes: [], recordedBase: 'a' }
 */
export function servableHistory(stored: StoredHistory): ReleaseHistory {
  const { changes, ...rest } = stored;
  const lastIncomplete = changes.findLastIndex((change) => !isComplete(change));
  if (lastIncomplete < 0) return { ...rest, changes: changes as ReleaseChange[] };
  return {
    ...rest,
    base: (changes[lastIncomplete] as StoredReleaseChange).version,
    // Every entry after the last incomplete one is complete.
    changes: changes.slice(lastIncomplete + 1) as ReleaseChange[],
    recordedBase: stored.base,
  };
}
