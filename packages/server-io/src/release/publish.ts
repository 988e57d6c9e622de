import {
  encodeSnapshot,
  REGISTRY,
  type Registry,
  formatProblems,
  loadDataset,
  translationCoverage,
  type BulkFiles,
  type LanguageCoverage,
  type RecordHistory,
  type ReleaseHistory,
} from '@gamedata/core';
import { InvalidDatasetError, readDatasetSource } from '../dataset.js';
import { inflateWithin } from '../inflate-within.js';
import { SNAPSHOT_CODEC } from '../snapshot-file.js';
import { bulkFiles } from './bulk-files.js';
import { contentHashes, sha256 } from './content-hashes.js';
import { edgeObjects, edgeSpriteKey, sqliteEdgeObjects, type EdgeObject } from './edge-files.js';
import { openReleaseStore, type Releases } from './open-store.js';
import { changesBetween } from './release-changes.js';
import { diffReleases, type HashedDataset, type ReleaseDiff } from './release-diff.js';
import {
  listReleases,
  nextVersion,
  pointCurrent,
  readCurrentVersion,
  readRelease,
  readReleaseManifest,
  readVerified,
  sqliteFiles,
  RELEASE_FILES,
  writeRelease,
  type ReleaseManifest,
} from './release-store.js';
import { encodeManifest } from './release-manifest.js';
import { readUses, writeUses } from './release-uses.js';
import { nextRecordHistory } from './next-record-history.js';
import { releaseSqlite } from './sqlite/release-sqlite.js';
import type { EdgeUpload, ReleaseStore } from './store.js';

/** Releases a change history reaches back by default; a client further behind starts from the bulk files. */
export const DEFAULT_HISTORY_LENGTH = 100;

export interface PublishOptions {
  /** The operator's export (dataset/README.md). */
  exportDir: string;
  /** Where releases are kept: a directory, `s3://bucket/prefix`, or a store opened from one. */
  releasesDir: Releases;
  /** The published time, which also dates the version. */
  at: Date;
  /** Report what would be published, and write nothing. */
  dryRun?: boolean;
  /** Publish even when the content is the current release's, or an image changed under a sprite id it serves. */
  force?: boolean;
  /** How many releases the change history describes (default 100). */
  historyLength?: number;
  /** The lists to publish (`REGISTRY`, the API's own, without it): each from `<name>.json`. */
  registry?: Registry;
  /** Told of each step as it starts: at 100,000 items a publish takes about a minute. */
  onStep?: (step: string) => void;
}

/** What every outcome reports of the export: the comparison, and each translation's coverage by language. */
interface Compared {
  version: string;
  diff: ReleaseDiff;
  coverage: Record<string, LanguageCoverage>;
}

export type PublishOutcome =
  /** Nothing written: the content is the current release's (`force` publishes it anyway). */
  | ({ kind: 'unchanged'; current: string } & Compared)
  /**
   * Nothing written: an image changed under a sprite id the current release serves, which caches keep
   * showing for as long as images are cached (`force` publishes it anyway).
   */
  | ({ kind: 'sprites-replaced'; current: string } & Compared)
  /** A dry run: what would be published. */
  | ({ kind: 'planned' } & Compared)
  /** `edge`: what was put at the edge, for a store that has one (a bucket). */
  | ({ kind: 'published'; dir: string; edge?: EdgeUpload } & Compared);

type CurrentRelease = HashedDataset & { version: string };

/** What a manifest records of one language's bulk files: each collection's records, size and SHA-256. */
function manifestBulk(files: BulkFiles): ReleaseManifest['bulk'] {
  return Object.fromEntries(
    Object.entries(files).map(([name, { count, bytes, sha256 }]) => [
      name,
      { count, bytes, sha256 },
    ]),
  ) as ReleaseManifest['bulk'];
}

/** A stored release, hashed; the current one, or nothing before the first publish, without `version`. */
async function storedRelease(
  releasesDir: ReleaseStore,
  registry: Registry,
  version?: string,
): Promise<CurrentRelease | undefined> {
  const chosen = version ?? (await readCurrentVersion(releasesDir));
  if (chosen === undefined) return undefined;
  const release = await readRelease(releasesDir, chosen, registry);
  return { version: chosen, dataset: release.dataset, hashes: await release.hashes() };
}

/**
 * The record history of the release being published: the newest release's (the current one's, but
 * after a rollback), with every use made since and what this release changes from the current one.
 */
async function recordHistoryOf(
  releasesDir: ReleaseStore,
  registry: Registry,
  current: CurrentRelease | undefined,
  next: HashedDataset,
): Promise<RecordHistory> {
  const newestVersion = (await listReleases(releasesDir)).at(-1);
  const newest =
    newestVersion === current?.version
      ? current
      : await storedRelease(releasesDir, registry, newestVersion);
  return nextRecordHistory(newest, current, next, await readUses(releasesDir));
}

/**
 * The history a new release stores: its ancestry alone, the current release's entries and its own,
 * the last `length` of them. The other releases of the directory are added when it is served.
 */
function nextHistory(
  current: CurrentRelease | undefined,
  next: HashedDataset,
  version: string,
  published: string,
  length: number,
): ReleaseHistory {
  if (!current) return { base: version, changes: [] };
  const previous = current.dataset.history;
  const changes = [
    ...previous.changes,
    { version, published, ...changesBetween(current.hashes, next.hashes) },
  ];
  const dropped = changes.splice(0, Math.max(0, changes.length - length));
  return { base: dropped.at(-1)?.version ?? previous.base, changes };
}

/**
 * Publishes an export as a new release: validated by the servers' own loader (every problem named,
 * nothing written), stamped with the next version, compared with the current release, written whole,
 * then made current. Identical content is refused unless forced; a dry run writes nothing.
 *
 * @example const outcome = await publishDataset({ exportDir: 'dataset', releasesDir: 'releases', at: new Date() });
 */
export async function publishDataset(options: PublishOptions): Promise<PublishOutcome> {
  const { exportDir, at, historyLength = DEFAULT_HISTORY_LENGTH, registry = REGISTRY } = options;
  const step = options.onStep ?? (() => {});
  const releasesDir = await openReleaseStore(options.releasesDir);
  const current = await storedRelease(releasesDir, registry);
  // Whole seconds, as the demo's and most exports' timestamps are written.
  const published = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (current && published < current.dataset.meta.published) {
    throw new Error(
      `the published time ${published} is before the current release's (${current.version}, ${current.dataset.meta.published})`,
    );
  }
  const version = nextVersion(at, await listReleases(releasesDir));
  step('reading and checking the export');
  const loaded = loadDataset(
    await readDatasetSource(exportDir),
    { version, published },
    { inflate: inflateWithin, registry },
  );
  if (!loaded.ok) throw new InvalidDatasetError(exportDir, formatProblems(loaded.problems));

  step('comparing it with the current release');
  const next = { dataset: loaded.dataset, hashes: contentHashes(loaded.dataset) };
  const compared: Compared = {
    version,
    diff: diffReleases(current, next),
    coverage: translationCoverage(loaded.dataset),
  };
  const { diff, coverage } = compared;
  if (current && current.hashes.hash === next.hashes.hash && !options.force)
    return { kind: 'unchanged', current: current.version, ...compared };
  if (current && diff.sprites.changed.length > 0 && !options.force)
    return { kind: 'sprites-replaced', current: current.version, ...compared };
  if (options.dryRun) return { kind: 'planned', ...compared };

  const encoder = new TextEncoder();
  step('the record history');
  const recordHistory = await recordHistoryOf(releasesDir, registry, current, next);
  step('bulk files');
  const history = nextHistory(current, next, version, published, historyLength);
  // Three threads at once: the bulk files are compressed on one while this one fills the SQLite file
  // (which reads no bulk file); its indexes are built on another while this one writes the release
  // file; it is compressed while this one checks its rows.
  const pendingBulk = bulkFiles(loaded.dataset, current?.dataset);
  // Its checks wait for the release file (this thread's work meanwhile): the steps come in one order.
  let releaseFileWritten = () => {};
  const pendingSqlite = releaseSqlite(
    { ...loaded.dataset, history, recordHistory },
    next.hashes,
    step,
    new Promise<void>((resolve) => (releaseFileWritten = resolve)),
  );
  // Awaited below: a failure of the bulk files' is reported, not left unhandled.
  pendingSqlite.catch(() => {});
  const releaseFile = async () => {
    const { bulk, translatedBulk } = await pendingBulk;
    const dataset = {
      ...loaded.dataset,
      history,
      recordHistory,
      bulk,
      ...(Object.keys(translatedBulk).length > 0 ? { translatedBulk } : {}),
    };
    step('the release file');
    const files: Record<string, Uint8Array> = {
      [RELEASE_FILES.snapshot]: encodeSnapshot(dataset, SNAPSHOT_CODEC),
      [RELEASE_FILES.diff]: encoder.encode(JSON.stringify(diff)),
      [RELEASE_FILES.hashes]: encoder.encode(JSON.stringify(next.hashes)),
    };
    return { bulk, dataset, files };
  };
  // Failed or not: the SQLite file's work goes on to its end rather than waits for ever.
  const { bulk, dataset, files } = await releaseFile().finally(releaseFileWritten);
  const sqlite = await pendingSqlite;
  Object.assign(files, sqlite.files);
  const manifest: ReleaseManifest = {
    version,
    published,
    previous: current?.version ?? null,
    hash: next.hashes.hash,
    files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha256(bytes)])),
    sqlite: sqlite.entry,
    bulk: manifestBulk(bulk),
    ...(dataset.translatedBulk
      ? {
          translatedBulk: Object.fromEntries(
            Object.entries(dataset.translatedBulk).map(([tag, files]) => [
              tag,
              manifestBulk(files),
            ]),
          ),
        }
      : {}),
    language: dataset.language,
    coverage,
  };
  files[RELEASE_FILES.manifest] = encodeManifest(manifest);
  step('writing the release');
  const dir = await writeRelease(releasesDir, version, files);
  // Before CURRENT names the release, so that a server switching to it finds its files at the edge.
  if (releasesDir.putEdgeObjects) step('the edge files');
  const edge = await releasesDir.putEdgeObjects?.(
    [...edgeObjects(dataset), ...sqliteEdgeObjects(version, sqlite.entry, sqlite.files)],
    new Set(diff.sprites.changed.map(edgeSpriteKey)),
  );
  await pointCurrent(releasesDir, version);
  return { kind: 'published', ...compared, dir, ...(edge ? { edge } : {}) };
}

/** Every object a stored release puts at the edge: its bulk files and sprites, and its SQLite file when it has one. */
async function releaseEdgeObjects(
  store: ReleaseStore,
  version: string,
  registry: Registry,
): Promise<EdgeObject[]> {
  const { dataset, manifest } = await readRelease(store, version, registry);
  const { sqlite } = manifest;
  if (!sqlite) return edgeObjects(dataset);
  const files: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const name of sqliteFiles(sqlite))
    files[name] = await readVerified(store, version, manifest, name);
  return [...edgeObjects(dataset), ...sqliteEdgeObjects(version, sqlite, files)];
}

/**
 * Makes an existing release current (a rollback, or a return to a newer one), after putting at the
 * edge whatever of its files is not there — a release published before its store had an edge — so
 * that a server switching to it never sends a client to a missing file.
 *
 * @example await useRelease('s3://games-data/gamedata', '2026-12-01.1')
 */
export async function useRelease(
  releases: Releases,
  version: string,
  at = new Date(),
  registry: Registry = REGISTRY,
): Promise<EdgeUpload | undefined> {
  const store = await openReleaseStore(releases);
  const replaced = await readCurrentVersion(store);
  // Read first: a uses.json that is not one is refused before anything changes.
  const uses = await readUses(store);
  const edge = store.putEdgeObjects
    ? await store.putEdgeObjects(await releaseEdgeObjects(store, version, registry), new Set())
    : undefined;
  if (replaced !== undefined && replaced !== version) {
    // Recorded before CURRENT changes, so a server that sees the new CURRENT sees the use too.
    await readReleaseManifest(store, version);
    await writeUses(store, [
      ...uses,
      {
        version,
        at: at.toISOString(),
        replaced,
        after: (await listReleases(store)).at(-1) as string,
      },
    ]);
  }
  await pointCurrent(store, version);
  return edge;
}
