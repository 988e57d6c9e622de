import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKeyStore, generateApiKey, hashApiKey, type GameDataset } from '@gamedata/core';
import { publishDataset, readRelease, type PublishOutcome } from '@gamedata/server-io/release';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** The repository's demo export: the operator's files, internal fields and all. */
export const DEMO_EXPORT_DIR = fileURLToPath(new URL('../../../dataset', import.meta.url));

/** The repository's demo releases, which both adapters serve when no other is configured. */
export const DEMO_RELEASES_DIR = fileURLToPath(new URL('../../../releases', import.meta.url));

/** The demo's current release, as the API serves it. */
export const demo: GameDataset = (await readRelease(DEMO_RELEASES_DIR)).dataset;

/**
 * A release as the API serves it: one of the demo's (2026-11-20.1, 2026-11-21.1 or the current
 * 2026-11-22.1) unless another releases directory is named; its current release without a version.
 */
export async function demoRelease(
  version?: string,
  releasesDir = DEMO_RELEASES_DIR,
): Promise<GameDataset> {
  return (await readRelease(releasesDir, version)).dataset;
}

/** A copy of the demo releases in a fresh temporary directory (removed after the test), for tests that publish or roll back. */
export async function copyDemoReleases(): Promise<string> {
  const dir = await makeTempDir('releases');
  await cp(DEMO_RELEASES_DIR, dir, { recursive: true });
  return dir;
}

/**
 * Publishes an export into a releases directory (a fresh one unless given), as `pnpm publish-dataset`
 * does, and returns the directory and what happened. Identical content is published too (`force`),
 * unless `force: false`.
 */
export async function publishForTest(
  exportDir: string,
  options: { releasesDir?: string; at?: Date; force?: boolean } = {},
): Promise<{ releasesDir: string; outcome: PublishOutcome }> {
  const releasesDir = options.releasesDir ?? (await makeTempDir('releases'));
  const outcome = await publishDataset({
    exportDir,
    releasesDir,
    at: options.at ?? new Date(),
    force: options.force ?? true,
  });
  return { releasesDir, outcome };
}

/** The demo export as the operator wrote it, internal fields and all: tests compute expectations from it. */
export async function readExport<T = Record<string, unknown>>(
  file: string,
  dir = DEMO_EXPORT_DIR,
): Promise<T[]> {
  return JSON.parse(await readFile(join(dir, file), 'utf8')) as T[];
}

/** A fresh, well-formed key per run; the key file below stores only its hash. */
export const TEST_KEY = generateApiKey();
export const TEST_KEY_ID = 'key_test01';
export const REVOKED_KEY = generateApiKey();

/** A key file holding TEST_KEY (active) and a revoked key, written to a fresh temporary directory (removed after the test). */
export async function writeTestKeyFile(): Promise<{ path: string }> {
  const dir = await makeTempDir('keys');
  const path = join(dir, 'keys.json');
  const keys = [
    {
      id: TEST_KEY_ID,
      name: 'http table',
      created: '2026-11-01T00:00:00Z',
      revoked: false,
      hash: await hashApiKey(TEST_KEY),
    },
    {
      id: 'key_revoked',
      name: 'old',
      created: '2026-10-01T00:00:00Z',
      revoked: true,
      hash: await hashApiKey(REVOKED_KEY),
    },
  ];
  await writeFile(path, JSON.stringify({ keys }));
  return { path };
}

/** The same keys as a store, for in-process apps. */
export async function testKeyStore() {
  const { path } = await writeTestKeyFile();
  const { keys } = JSON.parse(await readFile(path, 'utf8'));
  return createKeyStore(keys);
}
