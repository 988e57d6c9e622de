import {
  collectionNames,
  compareVersions,
  decodeSnapshot,
  type Dataset,
  type GameLists,
  type ListTypes,
  type Registry,
  sqliteFileName,
  type SnapshotRest,
} from '@gamedata/core/runtime';
import { InvalidDatasetError } from '../invalid-dataset.js';
import { readSnapshotFile, SNAPSHOT_CODEC } from '../snapshot-file.js';
import { createHash } from 'node:crypto';
import type { ContentHashes } from './content-hashes.js';
import { openReleaseStore, type Releases } from './open-store.js';
import { releaseDatabase } from './database-file.js';
import type { ManifestWithHashes, ReleaseManifest } from './release-manifest.js';
import { readUses } from './release-uses.js';
import { servedHistory } from './served-history.js';
import { CURRENT_FILE, RELEASE_FILES, type CurrentPointer, type ReleaseStore } from './store.js';

export type { ReleaseManifest } from './release-manifest.js';
export { sqliteFiles } from './release-manifest.js';
export {
  CURRENT_FILE,
  RELEASE_FILES,
  type CurrentPointer,
  type EdgeUpload,
  type ReleaseStore,
} from './store.js';
export { openReleaseStore, type Releases } from './open-store.js';
export { isS3Location } from './s3-location.js';
export { ReleaseStoreError } from './s3-errors.js';
export { InvalidDatasetError } from '../invalid-dataset.js';

// `@gamedata/server-io/release-store`: the operations on releases, the same over a directory and a
// bucket (`ReleaseStore`), without publishing's code. Each takes the releases setting's value or a
// store opened from it (`openReleaseStore`).

/** A release as a server loads it, its lists those of the registry it was read with. */
export interface Release<L extends ListTypes = GameLists> {
  /** Where it is: its directory, or `s3://bucket/prefix/version`. */
  dir: string;
  manifest: ReleaseManifest;
  dataset: Dataset<L>;
  /** Its content hashes (`readContentHashes`), read on the first call: serving a release never needs them. */
  hashes(): Promise<ContentHashes>;
}

/** The next version for a release published at `at`: that UTC day's date, `n` counting its releases. */
export function nextVersion(at: Date, existing: readonly string[]): string {
  const date = at.toISOString().slice(0, 10);
  const taken = existing
    .filter((version) => version.startsWith(`${date}.`))
    .map((version) => Number(version.slice(date.length + 1)));
  return `${date}.${Math.max(0, ...taken) + 1}`;
}

/** Every release, oldest first; an absent directory has none. */
export async function listReleases(releases: Releases): Promise<string[]> {
  return (await (await openReleaseStore(releases)).listVersions()).sort(compareVersions);
}

/** The version `CURRENT` names, or `undefined` before the first release. */
export async function readCurrentVersion(releases: Releases): Promise<string | undefined> {
  return versionIn(await (await openReleaseStore(releases)).readCurrent());
}

/** The version a `CURRENT` file names; `undefined` for none. */
export const versionIn = (current: CurrentPointer): string | undefined =>
  current.text?.trim() || undefined;

/**
 * Writes a new release, whole or not at all (a directory is renamed into place; in a bucket the
 * manifest is written last). Refuses a version that exists. Resolves with where the release is.
 */
export async function writeRelease(
  releases: Releases,
  version: string,
  files: Readonly<Record<string, Uint8Array>>,
): Promise<string> {
  const store = await openReleaseStore(releases);
  await store.writeRelease(version, files);
  return store.releaseLocation(version);
}

/** A problem with one file of a release, refused by name: `<dir>: <file>: <message>`. */
export function releaseProblem(dir: string, file: string, message: string): InvalidDatasetError {
  return new InvalidDatasetError(dir, `${file}: ${message}`);
}

/** A release's file, hashed as it is read, refused by name unless its SHA-256 is the one its manifest recorded. */
export async function readVerified(
  store: ReleaseStore,
  version: string,
  manifest: ReleaseManifest,
  file: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const dir = store.releaseLocation(version);
  const hash = createHash('sha256');
  const bytes = await store.readFile(version, file, (chunk) => hash.update(chunk));
  if (bytes === undefined) throw releaseProblem(dir, file, 'file is missing');
  checkHash(dir, file, hash.digest('hex'), manifest);
  return bytes;
}

function checkHash(dir: string, file: string, sha256: string, manifest: ReleaseManifest): void {
  if (sha256 !== manifest.files[file])
    throw releaseProblem(
      dir,
      file,
      'content does not match the SHA-256 in manifest.json (changed after publishing?)',
    );
}

/** Reads and checks a release's manifest: it must parse and name the release's own version. */
export async function readReleaseManifest(
  releases: Releases,
  version: string,
): Promise<ReleaseManifest> {
  const store = await openReleaseStore(releases);
  const dir = store.releaseLocation(version);
  const bytes = await store.readFile(version, RELEASE_FILES.manifest);
  if (bytes === undefined)
    throw releaseProblem(dir, RELEASE_FILES.manifest, `no release ${version} (file is missing)`);
  let manifest: ReleaseManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(bytes)) as ReleaseManifest;
  } catch (error) {
    throw releaseProblem(dir, RELEASE_FILES.manifest, `invalid JSON: ${(error as Error).message}`);
  }
  if (manifest.version !== version)
    throw releaseProblem(
      dir,
      RELEASE_FILES.manifest,
      `version is "${String(manifest.version)}", not the directory's "${version}"`,
    );
  return manifest;
}

/**
 * A release's content hashes: its `hashes.json`, checked against the SHA-256 its manifest recorded, or
 * the manifest itself for a release published before that file.
 */
export async function readContentHashes(
  releases: Releases,
  manifest: ReleaseManifest,
): Promise<ContentHashes> {
  const store = await openReleaseStore(releases);
  if (manifest.files[RELEASE_FILES.hashes] === undefined) {
    const { hash, collections, sprites, translations } = manifest as ManifestWithHashes;
    if (collections === undefined || sprites === undefined) {
      throw releaseProblem(
        store.releaseLocation(manifest.version),
        RELEASE_FILES.manifest,
        `names no ${RELEASE_FILES.hashes} and holds no content hashes`,
      );
    }
    return { hash, collections, sprites, ...(translations ? { translations } : {}) };
  }
  const bytes = await readVerified(store, manifest.version, manifest, RELEASE_FILES.hashes);
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as ContentHashes;
  } catch (error) {
    throw releaseProblem(
      store.releaseLocation(manifest.version),
      RELEASE_FILES.hashes,
      `invalid JSON: ${(error as Error).message}`,
    );
  }
}

/** `readContentHashes` over one store, each release's read once however often it is asked for. */
function hashesReader(store: ReleaseStore): (manifest: ReleaseManifest) => Promise<ContentHashes> {
  const read = new Map<string, Promise<ContentHashes>>();
  return (manifest) => {
    let hashes = read.get(manifest.version);
    if (!hashes) read.set(manifest.version, (hashes = readContentHashes(store, manifest)));
    return hashes;
  };
}

/**
 * A release's snapshot, decoded (`decodeSnapshot`: as the API's own dataset without `registry`), once
 * its SHA-256 is the one its manifest recorded. From a directory, its header alone is read into memory
 * and the rest from the file when first used (`readSnapshotFile`); from a bucket, the object is read whole.
 */
async function readSnapshot(
  store: ReleaseStore,
  version: string,
  manifest: ReleaseManifest,
  registry: Registry | undefined,
): Promise<Dataset> {
  const dir = store.releaseLocation(version);
  const name = RELEASE_FILES.snapshot;
  const path = store.localPath?.(version, name);
  const decodeWith = (bytes: Uint8Array<ArrayBuffer>, rest?: SnapshotRest) =>
    registry
      ? decodeSnapshot(bytes, rest, SNAPSHOT_CODEC, registry)
      : decodeSnapshot(bytes, rest, SNAPSHOT_CODEC);
  let decode: () => Dataset;
  if (path === undefined) {
    const bytes = await readVerified(store, version, manifest, name);
    decode = () => decodeWith(bytes);
  } else {
    const hash = createHash('sha256');
    let layoutError: Error | undefined;
    const read = await readSnapshotFile(
      path,
      (chunk) => hash.update(chunk),
      manifest.files[name],
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw releaseProblem(dir, name, 'file is missing');
      if (error.code !== undefined) throw error;
      layoutError = error;
    });
    checkHash(dir, name, hash.digest('hex'), manifest);
    if (!read) throw releaseProblem(dir, name, layoutError?.message ?? 'unreadable');
    decode = () => decodeWith(read.head, read.rest);
  }
  try {
    return decode();
  } catch (error) {
    throw releaseProblem(dir, name, (error as Error).message);
  }
}

/**
 * Loads a release — the current one unless `version` is given — after checking its snapshot, the
 * file it is served from, against the SHA-256 its manifest recorded (hashed as it is read), so a
 * release changed or cut short is refused by name. Its
 * history is the one it is served with from its releases (`servedHistory`): every other release
 * there is a version `/v1/changes` answers for.
 *
 * @example const { dataset } = await readRelease('releases'); dataset.meta.version
 */
export async function readRelease(releases: Releases, version?: string): Promise<Release>;
/**
 * The release read for the lists of `registry` it holds: one published before a list was added is
 * read, and served, without it. Without a registry, as the API's own, holding each of its lists.
 */
export async function readRelease(
  releases: Releases,
  version: string | undefined,
  registry: Registry,
): Promise<Release<ListTypes>>;
export async function readRelease(
  releases: Releases,
  version?: string,
  registry?: Registry,
): Promise<Release<ListTypes>> {
  const store = await openReleaseStore(releases);
  const chosen = version ?? (await readCurrentVersion(store));
  if (chosen === undefined)
    throw new InvalidDatasetError(
      store.location,
      `${CURRENT_FILE}: no release is current (publish one: pnpm publish-dataset)`,
    );
  const dir = store.releaseLocation(chosen);
  const manifest = await readReleaseManifest(store, chosen);
  // The snapshot alone: it is all a server serves. The diff is the operator's report, and the content
  // hashes are read when releases are compared (`hashes`).
  const dataset = await readSnapshot(store, chosen, manifest, registry);
  if (dataset.meta.version !== chosen)
    throw releaseProblem(
      dir,
      RELEASE_FILES.snapshot,
      `holds version ${dataset.meta.version}, not ${chosen}`,
    );
  const versions = await listReleases(store);
  const hashes = hashesReader(store);
  const directory = {
    versions,
    collections: collectionNames(dataset.registry),
    manifest: (other: string) =>
      other === chosen
        ? Promise.resolve(manifest)
        : versions.includes(other)
          ? readReleaseManifest(store, other)
          : Promise.resolve(undefined),
    hashes,
    // uses.json only feeds the feed: one that is not a record (which `use` refuses to add to) leaves
    // the feed to the ancestry rather than the release unserved.
    uses: await readUses(store).catch((error: unknown) => {
      if (error instanceof InvalidDatasetError) return undefined;
      throw error;
    }),
  };
  const history = await servedHistory(dataset.history, manifest, directory);
  const { sqlite } = manifest;
  // Its names are the release's own: a manifest naming another file (another release's, a path) is refused.
  const own = sqliteFileName(chosen);
  if (
    sqlite &&
    (sqlite.file !== own ||
      sqlite.encoded?.gzip?.file !== `${own}.gz` ||
      sqlite.encoded?.br?.file !== `${own}.br`)
  )
    throw releaseProblem(
      dir,
      RELEASE_FILES.manifest,
      `sqlite names other files than ${own} and its .gz and .br`,
    );
  const database =
    sqlite &&
    releaseDatabase(
      sqlite,
      (name, start, end) => store.readRange(chosen, name, start, end),
      dataset,
    );
  return {
    dir,
    manifest,
    dataset: { ...dataset, history, ...(database ? { database } : {}) },
    hashes: () => hashes(manifest),
  };
}

/** Points `CURRENT` at an existing release: how a release goes live, and how one is rolled back. */
export async function pointCurrent(releases: Releases, version: string): Promise<void> {
  const store = await openReleaseStore(releases);
  await readReleaseManifest(store, version);
  await store.writeCurrent(`${version}\n`);
}
