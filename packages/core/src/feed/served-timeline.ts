import type { ReleaseHistory, ReleaseUse, ServedRelease } from '../dataset/release-history.js';
import { compareVersions } from '../dataset/version.js';

/** A `use` in the timeline: the releases it withdrew, newer than the one served again, and served since it was. */
export interface ServedAgain extends ReleaseUse {
  withdrawn: string[];
}

/** What the feed tells, oldest first: each release as it was published, each `use` as it was made. */
export type TimelineEvent =
  { kind: 'published'; release: ServedRelease } | { kind: 'served-again'; use: ServedAgain };

/**
 * The releases a directory served and the uses made there, in the order they happened: releases by
 * version (a publish always makes the next version current), each use after the publish of the
 * release that was newest when it was made, uses in the order they were made. A use withdraws the
 * releases newer than the one it serves again that were served since that one last was.
 *
 * @example servedTimeline(dataset.history)?.at(-1) // { kind: 'published', release: { version: '2026-11-22.1', … } }
 */
export function servedTimeline(history: ReleaseHistory): TimelineEvent[] | undefined {
  if (!history.served) return undefined;
  const releases = [...history.served.releases].sort((a, b) =>
    compareVersions(a.version, b.version),
  );
  const events: TimelineEvent[] = [];
  // The releases served since the one now current was, oldest first.
  let served: string[] = [];
  const serveAgain = (use: ReleaseUse) => {
    const withdrawn = served.filter((version) => compareVersions(version, use.version) > 0);
    served = served.filter((version) => !withdrawn.includes(version));
    if (!served.includes(use.version)) served.push(use.version);
    events.push({ kind: 'served-again', use: { ...use, withdrawn } });
  };
  // Uses in the order they were made; each goes before the first release published after it.
  const pending = [...history.served.uses];
  const serveAgainBefore = (version: string | undefined) => {
    while (
      pending.length > 0 &&
      (version === undefined || compareVersions((pending[0] as ReleaseUse).after, version) < 0)
    )
      serveAgain(pending.shift() as ReleaseUse);
  };
  for (const release of releases) {
    serveAgainBefore(release.version);
    served.push(release.version);
    events.push({ kind: 'published', release });
  }
  serveAgainBefore(undefined);
  return events;
}
