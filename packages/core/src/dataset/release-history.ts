import type { ReleaseChange } from '../schemas/records.js';

/**
 * The change history a release carries: the oldest version it can still describe changes from
 * (`base`), then every release after it, oldest first, ending with the release itself (none for a
 * first release). A client on `base` or any later version catches up from `changes` alone; one older
 * than `base` starts again from the bulk files.
 */
export interface ReleaseHistory {
  base: string;
  changes: ReleaseChange[];
}

/** Every version a history knows, oldest first; the last is the release that carries it. */
export function knownVersions(history: ReleaseHistory): string[] {
  return [history.base, ...history.changes.map((change) => change.version)];
}
