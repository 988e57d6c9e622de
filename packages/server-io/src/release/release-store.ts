import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareVersions, DATASET_VERSION_PATTERN, decodeSnapshot, type Dataset } from '@gamedata/core';
import { InvalidDatasetError } from '../dataset.js';
import { readIfPresent } from '../read-file.js';
import { sha256 } from './content-hashes.js';
import type { ReleaseManifest } from './release-manifest.js';
import { servedHistory } from './served-history.js';

export type { ReleaseManifest } from './release-manifest.js';

/**
 * A releases directory (README, "Publishing a dataset"): one directory per release, named by its
 * version and never changed once written, and `CURRENT`, which names the release being served.
 */
export const CURRENT_FILE = 'CURRENT';

/** The files of one release. The manifest holds the SHA-256 of each of the others. */
export const RELEASE_FILES = {
  manifest: 'manifest.json',
  /** The public dataset, its sprites, change history and bulk files, as servers load it (`decodeSnapshot`). */
  snapshot: 'dataset.snapshot',
  /** Every changed value against the previous release (`ReleaseDiff`). */
  diff: 'diff.json',
} as const;

/** A release as a server loads it. */
export interface Release {
  dir: string;
  manifest: ReleaseManifest;
  dataset: Dataset;
}

/** The next version for a release published at `at`: that UTC day's date, `n` counting its releases. */
export function nextVersion(at: Date, existing: readonly string[]): string {
  const date = at.toISOString().slice(0, 10);
  const taken = existing.filter((version) => version.startsWith(`${date}.`)).map((version) => Number(version.slice(date.length + 1)));
  return `${date}.${Math.max(0, ...taken) + 1}`;
}

/** Every release in `root`, oldest first; an absent directory has none. */
export async function listReleases(root: string): Promise<string[]> {
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => DATASET_VERSION_PATTERN.test(name)).sort(compareVersions);
}

/** The version `CURRENT` names, or `undefined` before the first release. */
export async function readCurrentVersion(root: string): Promise<string | undefined> {
  return (await readIfPresent(join(root, CURRENT_FILE)))?.trim() || undefined;
}

/** Writes `path` whole or not at all: readers see the old bytes or the new ones, never a part. */
async function replaceFile(path: string, data: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/**
 * Writes a new release directory: into a temporary directory first, renamed into place once every
 * file is written, so a failure leaves no release behind. Refuses a version that exists.
 */
export async function writeRelease(root: string, version: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = join(root, version);
  const temporary = join(root, `.${version}.${process.pid}.tmp`);
  await mkdir(root, { recursive: true });
  try {
    await mkdir(temporary);
    for (const [name, data] of Object.entries(files)) await writeFile(join(temporary, name), data);
    if ((await listReleases(root)).includes(version)) throw new Error(`release ${version} exists already in ${root}`);
    await rename(temporary, dir);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return dir;
}

function releaseProblem(dir: string, file: string, message: string): InvalidDatasetError {
  return new InvalidDatasetError(dir, `${file}: ${message}`);
}

async function readVerified(dir: string, manifest: ReleaseManifest, file: string): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await readFile(join(dir, file)).catch(() => {
    throw releaseProblem(dir, file, 'file is missing');
  });
  // A view, not a copy: a snapshot can be hundreds of megabytes. readFile's buffer is never shared.
  const bytes = new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
  if (sha256(bytes) !== manifest.files[file]) throw releaseProblem(dir, file, 'content does not match the SHA-256 in manifest.json (changed after publishing?)');
  return bytes;
}

/** Reads and checks a release's manifest: it must parse and name the release's own version. */
export async function readReleaseManifest(root: string, version: string): Promise<ReleaseManifest> {
  const dir = join(root, version);
  const text = await readIfPresent(join(dir, RELEASE_FILES.manifest));
  if (text === undefined) throw releaseProblem(dir, RELEASE_FILES.manifest, `no release ${version} (file is missing)`);
  let manifest: ReleaseManifest;
  try {
    manifest = JSON.parse(text) as ReleaseManifest;
  } catch (error) {
    throw releaseProblem(dir, RELEASE_FILES.manifest, `invalid JSON: ${(error as Error).message}`);
  }
  if (manifest.version !== version) throw releaseProblem(dir, RELEASE_FILES.manifest, `version is "${String(manifest.version)}", not the directory's "${version}"`);
  return manifest;
}

/**
 * Loads a release — the current one unless `version` is given — after checking every file against
 * the SHA-256 its manifest recorded, so a release changed or cut short on disk is refused by name.
 * Its history is the one it is served with from `root` (`servedHistory`): every other release there
 * is a version `/v1/changes` answers for.
 *
 * @example const { dataset } = await readRelease('releases'); dataset.meta.version
 */
export async function readRelease(root: string, version?: string): Promise<Release> {
  const chosen = version ?? (await readCurrentVersion(root));
  if (chosen === undefined) throw new InvalidDatasetError(root, `${CURRENT_FILE}: no release is current (publish one: pnpm publish-dataset)`);
  const dir = join(root, chosen);
  const manifest = await readReleaseManifest(root, chosen);
  const snapshot = await readVerified(dir, manifest, RELEASE_FILES.snapshot);
  await readVerified(dir, manifest, RELEASE_FILES.diff);
  let dataset: Dataset;
  try {
    dataset = decodeSnapshot(snapshot);
  } catch (error) {
    throw releaseProblem(dir, RELEASE_FILES.snapshot, (error as Error).message);
  }
  if (dataset.meta.version !== chosen) throw releaseProblem(dir, RELEASE_FILES.snapshot, `holds version ${dataset.meta.version}, not ${chosen}`);
  const versions = await listReleases(root);
  const directory = { versions, manifest: (other: string) => (versions.includes(other) ? readReleaseManifest(root, other) : Promise.resolve(undefined)) };
  return { dir, manifest, dataset: { ...dataset, history: await servedHistory(dataset.history, manifest, directory) } };
}

/** Points `CURRENT` at an existing release: how a release goes live, and how one is rolled back. */
export async function pointCurrent(root: string, version: string): Promise<void> {
  await readReleaseManifest(root, version);
  await replaceFile(join(root, CURRENT_FILE), `${version}\n`);
}
