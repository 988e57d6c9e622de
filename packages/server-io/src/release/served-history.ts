import {
  compareVersions,
  knownVersions,
  type OtherRelease,
  type ReleaseChange,
  type ReleaseHistory,
  type ReleaseUse,
  type ServedRelease,
} from '@gamedata/core/runtime';
import type { ContentHashes } from './content-hashes.js';
import { changesBetween } from './release-changes.js';
import type { ReleaseManifest } from './release-manifest.js';

/** The releases directory as the history needs it: its versions, a manifest by version, and a release's content hashes. */
export interface ReleasesDirectory {
  versions: readonly string[];
  /** A release's manifest; `undefined` when the directory no longer holds the release. */
  manifest(version: string): Promise<ReleaseManifest | undefined>;
  /** The content hashes of the release a manifest describes. */
  hashes(manifest: ReleaseManifest): Promise<ContentHashes>;
  /** The uses made there (`readUses`), in the order made; absent when `uses.json` could not be read. */
  uses?: readonly ReleaseUse[];
  /**
   * The collections the served release has (`collectionNames`), which every entry lists: an older
   * release, published before one of them was added, changed nothing in it.
   */
  collections: readonly string[];
}

/** The change from one release to another, read from their content hashes: only when two releases are compared. */
async function entry(
  after: ReleaseManifest,
  before: ReleaseManifest,
  directory: ReleasesDirectory,
): Promise<ReleaseChange> {
  const [was, is] = await Promise.all([directory.hashes(before), directory.hashes(after)]);
  const changes = changesBetween(was, is, directory.collections);
  return { version: after.version, published: after.published, ...changes };
}

/**
 * Gives back the entries a snapshot left out because it was written before sprites joined the change
 * feed, worked out again from the manifests of its releases, oldest last, while the directory still
 * holds them; the history then starts at the oldest release it could describe whole.
 */
async function restoreRecorded(
  history: ReleaseHistory,
  current: ReleaseManifest,
  directory: ReleasesDirectory,
): Promise<ReleaseHistory> {
  const { recordedBase, ...kept } = history;
  if (recordedBase === undefined) return history;
  const restored: ReleaseChange[] = [];
  let after = kept.base === current.version ? current : await directory.manifest(kept.base);
  while (after && compareVersions(after.version, recordedBase) > 0 && after.previous !== null) {
    const before = await directory.manifest(after.previous);
    // A previous release that is gone, or not older (a hand-edited manifest), ends the walk.
    if (!before || compareVersions(before.version, after.version) >= 0) break;
    restored.unshift(await entry(after, before, directory));
    after = before;
  }
  return { ...kept, base: after?.version ?? kept.base, changes: [...restored, ...kept.changes] };
}

/**
 * Every release served since the history's base, oldest first, each with its change from the release
 * it was published after: the ancestors from the history itself, without reading anything; the base
 * and every other release of the directory no older than it from their manifests, read side by side,
 * their change worked out while the directory holds the release before.
 */
async function servedReleases(
  ancestry: ReleaseHistory,
  current: ReleaseManifest,
  directory: ReleasesDirectory,
): Promise<ServedRelease[]> {
  const ancestors: ServedRelease[] = ancestry.changes.map((change, index) => ({
    version: change.version,
    published: change.published,
    previous: index === 0 ? ancestry.base : (ancestry.changes[index - 1] as ReleaseChange).version,
    change,
  }));
  const listed = new Set(ancestors.map((release) => release.version));
  const others = directory.versions.filter(
    (version) => !listed.has(version) && compareVersions(version, ancestry.base) >= 0,
  );
  const read = await Promise.all(
    others.map(async (version): Promise<ServedRelease | undefined> => {
      const manifest = version === current.version ? current : await directory.manifest(version);
      if (!manifest) return undefined;
      const before =
        manifest.previous === null ? undefined : await directory.manifest(manifest.previous);
      const change = before && (await entry(manifest, before, directory));
      return {
        version,
        published: manifest.published,
        previous: manifest.previous,
        ...(change ? { change } : {}),
      };
    }),
  );
  return [...ancestors, ...read.filter((release) => release !== undefined)].sort((a, b) =>
    compareVersions(a.version, b.version),
  );
}

/**
 * The history a release is served with from its releases directory: what the directory served, not
 * only the release's own ancestry. The ancestors keep their entries, one per release; every other
 * release of the directory no older than the history's base — one a rollback passed over — gets one
 * entry, labelled with the current release, holding the net change from it, worked out from the two
 * manifests. Entries an older snapshot left out are restored from the manifests too. Every release
 * served since the base and every use of releases still answered for are listed for the feed
 * (`served`); without the uses, nothing is, and the feed lists the ancestry.
 *
 * @example (await servedHistory(release.dataset.history, release.manifest, directory)).otherReleases?.map((other) => other.version)
 */
export async function servedHistory(
  stored: ReleaseHistory,
  current: ReleaseManifest,
  directory: ReleasesDirectory,
): Promise<ReleaseHistory> {
  const ancestry = await restoreRecorded(stored, current, directory);
  const known = new Set(knownVersions({ base: ancestry.base, changes: ancestry.changes }));
  const otherReleases: OtherRelease[] = [];
  for (const version of directory.versions) {
    if (known.has(version) || compareVersions(version, ancestry.base) < 0) continue;
    const from = await directory.manifest(version);
    if (from) otherReleases.push({ version, change: await entry(current, from, directory) });
  }
  const history: ReleaseHistory = {
    base: ancestry.base,
    changes: ancestry.changes,
    ...(otherReleases.length > 0 ? { otherReleases } : {}),
  };
  if (!directory.uses) return history;
  // A use the feed can link to: its releases are versions /v1/changes still answers for.
  const answered = new Set(knownVersions(history));
  const uses = directory.uses.filter(
    (use) => answered.has(use.version) && answered.has(use.replaced),
  );
  return {
    ...history,
    served: { releases: await servedReleases(ancestry, current, directory), uses },
  };
}
