import type { ReleaseChange } from '../schemas/records.js';
import { compareVersions } from './version.js';

/**
 * A release the server's releases directory holds that the current release does not descend from
 * (a rollback passed over it), and the net change from it to the current release: one entry labelled
 * with the current release's version and published time.
 */
export interface OtherRelease {
  version: string;
  change: ReleaseChange;
}

/**
 * `pnpm publish-dataset use`: a release made current again, in place of the one that was. Uses come
 * in the order they were made; each came after the publish of `after`, the newest release then.
 */
export interface ReleaseUse {
  version: string;
  /** When it was made, RFC 3339. */
  at: string;
  /** The release that was current until then. */
  replaced: string;
  after: string;
}

/** A release the releases directory served, with its change from the one before it; a first release has none. */
export interface ServedRelease {
  version: string;
  published: string;
  /** The release it was published after; `null` for the first. */
  previous: string | null;
  /** Its change from `previous`; absent for the first, and when the directory no longer holds `previous`. */
  change?: ReleaseChange;
}

/**
 * The change history a release is served with: the oldest version it can still describe changes from
 * (`base`), then every release after it, oldest first, ending with the release itself (none for a
 * first release). A client on `base` or any later ancestor catches up from `changes` alone; one older
 * than `base` starts again from the bulk files. The adapter adds the other releases of its releases
 * directory, so a client that synced to a release later rolled back over catches up too.
 */
export interface ReleaseHistory {
  base: string;
  changes: ReleaseChange[];
  /** Releases served from the same directory that are not ancestors; absent when there are none. */
  otherReleases?: OtherRelease[];
  /**
   * The base a snapshot recorded, when its entries from there up to `base` were written before sprites
   * joined the change feed: they are left out rather than served without their sprite changes. An
   * adapter that can read those releases' manifests restores them.
   */
  recordedBase?: string;
  /**
   * Every release the adapter's releases directory served since `base`, oldest first, and every
   * `use` made there, for the feed (`servedTimeline`); absent where no directory is known.
   */
  served?: { releases: ServedRelease[]; uses: ReleaseUse[] };
}

/**
 * Every version `/v1/changes` accepts as `since`, in version order: the base, each release after it,
 * and the other releases served from the same directory.
 *
 * @example knownVersions({ base: '2026-11-20.1', changes: [] }) // ['2026-11-20.1']
 */
export function knownVersions(history: ReleaseHistory): string[] {
  const versions = [
    history.base,
    ...history.changes.map((change) => change.version),
    ...(history.otherReleases ?? []).map((other) => other.version),
  ];
  return versions.sort(compareVersions);
}

/**
 * What `/v1/changes?since=<version>` answers for a version the history knows: every release after an
 * ancestor, oldest first; the one net entry for another release; `undefined` for any other version.
 */
export function changesFrom(
  history: ReleaseHistory,
  since: string,
): readonly ReleaseChange[] | undefined {
  if (since === history.base) return history.changes;
  const index = history.changes.findIndex((change) => change.version === since);
  if (index >= 0) return history.changes.slice(index + 1);
  const other = history.otherReleases?.find((release) => release.version === since);
  return other && [other.change];
}
