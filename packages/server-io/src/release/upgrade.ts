import { rewriteSnapshot } from '@gamedata/core';
import {
  compareVersions,
  decodeSnapshot,
  readSnapshotHead,
  SNAPSHOT_FORMAT,
  SnapshotFormatError,
  REGISTRY,
  type Registry,
} from '@gamedata/core/runtime';
import { SNAPSHOT_CODEC } from '../snapshot-file.js';
import { contentHashes } from './content-hashes.js';
import { openReleaseStore, type Releases } from './open-store.js';
import { replaceReleaseFiles } from './replace-release-files.js';
import { nextRecordHistory, type HistorySide } from './next-record-history.js';
import { readUses } from './release-uses.js';
import { SQLITE_SCHEMA_VERSION } from './sqlite/layout-version.js';
import {
  listReleases,
  readReleaseManifest,
  readVerified,
  releaseProblem,
  RELEASE_FILES,
} from './release-store.js';

/** What `upgradeReleases` did, or would do, with one release. */
export interface UpgradeStep {
  version: string;
  /** `current`: written by the current writer, left as it is. */
  outcome: 'current' | 'upgraded' | 'would upgrade';
  /** The release file's size before and after, in bytes. */
  bytes: { before: number; after: number };
  /** Whether its SQLite file is (or would be) written: one it lacks, or one of an earlier layout. */
  sqlite: boolean;
}

export interface UpgradeOptions {
  /** Report what would be rewritten, and write nothing. */
  dryRun?: boolean;
  /** Told of each release once it is done with, oldest first, as the upgrade goes. */
  onStep?: (step: UpgradeStep, index: number, count: number) => void;
  /** The lists servers read (`REGISTRY`, the API's own, without it). */
  registry?: Registry;
}

/**
 * Whether a server of this version reads the file as it is, in the current format: the rest, which an
 * earlier writer wrote (the format before, or lists without a field now indexed), is rewritten.
 */
function isCurrent(bytes: Uint8Array<ArrayBuffer>, registry: Registry): boolean {
  try {
    if (readSnapshotHead(bytes).format !== SNAPSHOT_FORMAT) return false;
    decodeSnapshot(bytes, undefined, SNAPSHOT_CODEC, registry);
    return true;
  } catch (error) {
    if (error instanceof SnapshotFormatError) return false;
    throw error;
  }
}

/**
 * Rewrites every release of a store whose release file a server of this version would not read as
 * it is — one of the previous format, or one an earlier writer wrote without what is now read — as
 * the current writer writes it (`rewriteSnapshot`): what it lacks worked out from its records, its
 * version, dates, content, bulk files and stored history kept; and writes the SQLite file of each
 * release that lacks one of the current layout (`releaseSqlite`, checked before it is written). Each
 * rewritten file is read back before it is written, and refused unless its content hashes are the
 * manifest's; the files are replaced first and the manifest, with their new SHA-256, last. The rest
 * are left untouched.
 *
 * @example for (const step of await upgradeReleases('releases', { dryRun: true })) console.log(step.version, step.outcome);
 */
export async function upgradeReleases(
  releases: Releases,
  options: UpgradeOptions = {},
): Promise<UpgradeStep[]> {
  const store = await openReleaseStore(releases);
  const versions = await listReleases(store);
  const { registry = REGISTRY } = options;
  const uses = await readUses(store);
  const steps: UpgradeStep[] = [];
  // The release before, as rewritten (the newest when the next was published): read again only
  // when a release after it needs its record history.
  let before: { version: string; bytes: Uint8Array<ArrayBuffer> } | undefined;
  const sideOf = async (version: string | null | undefined): Promise<HistorySide | undefined> => {
    if (version === null || version === undefined || !versions.includes(version)) return undefined;
    const bytes =
      version === before?.version
        ? before.bytes
        : await readVerified(
            store,
            version,
            await readReleaseManifest(store, version),
            RELEASE_FILES.snapshot,
          );
    const dataset = decodeSnapshot(bytes, undefined, SNAPSHOT_CODEC, registry);
    return { dataset, hashes: contentHashes(dataset) };
  };
  for (const [index, version] of versions.entries()) {
    const dir = store.releaseLocation(version);
    const file = RELEASE_FILES.snapshot;
    const manifest = await readReleaseManifest(store, version);
    const bytes = await readVerified(store, version, manifest, file);
    let rewritten: Uint8Array<ArrayBuffer> = bytes;
    try {
      if (!isCurrent(bytes, registry)) {
        const newest = await sideOf(before?.version);
        // Published after `previous`, when the uses made before it had been made.
        const parent =
          manifest.previous === before?.version ? newest : await sideOf(manifest.previous);
        const usesBefore = uses.filter((use) => compareVersions(use.after, version) < 0);
        rewritten = rewriteSnapshot(bytes, SNAPSHOT_CODEC, registry, (dataset) =>
          nextRecordHistory(
            newest,
            parent,
            { dataset, hashes: contentHashes(dataset) },
            usesBefore,
          ),
        );
        const hash = contentHashes(
          decodeSnapshot(rewritten, undefined, SNAPSHOT_CODEC, registry),
        ).hash;
        if (hash !== manifest.hash)
          throw new Error(
            `rewritten, its content would change (hash ${hash}, not ${manifest.hash})`,
          );
      }
    } catch (error) {
      throw releaseProblem(dir, file, (error as Error).message);
    }
    const snapshotCurrent = rewritten === bytes;
    const sqliteCurrent = manifest.sqlite?.schema === SQLITE_SCHEMA_VERSION;
    const current = snapshotCurrent && sqliteCurrent;
    if (!current && !options.dryRun)
      await replaceReleaseFiles(store, version, manifest, {
        bytes: rewritten,
        snapshot: !snapshotCurrent,
        sqlite: !sqliteCurrent,
        registry,
      });
    before = { version, bytes: rewritten };
    const step: UpgradeStep = {
      version,
      outcome: current ? 'current' : options.dryRun ? 'would upgrade' : 'upgraded',
      bytes: { before: bytes.length, after: rewritten.length },
      sqlite: !sqliteCurrent,
    };
    steps.push(step);
    options.onStep?.(step, index, versions.length);
  }
  return steps;
}
