import { decodeSnapshot, type Registry } from '@gamedata/core/runtime';
import { SNAPSHOT_CODEC } from '../snapshot-file.js';
import { contentHashes, sha256 } from './content-hashes.js';
import { sqliteEdgeObjects } from './edge-files.js';
import { encodeManifest } from './release-manifest.js';
import { RELEASE_FILES, type ReleaseManifest } from './release-store.js';
import { releaseSqlite } from './sqlite/release-sqlite.js';
import type { ReleaseStore } from './store.js';

/** What of a stored release is replaced: its release file, and a SQLite file written from it. */
export interface Replaced {
  /** The release file as it is to be, written when `snapshot` is set. */
  bytes: Uint8Array<ArrayBuffer>;
  snapshot: boolean;
  sqlite: boolean;
  registry: Registry;
}

/**
 * Replaces a stored release's release file, its SQLite file (written anew from the release file and
 * checked before it is written), or both, then its manifest with their new SHA-256: the SQLite file
 * at the edge first and the manifest last, so that a server sent to the files by the new manifest
 * finds them.
 */
export async function replaceReleaseFiles(
  store: ReleaseStore,
  version: string,
  manifest: ReleaseManifest,
  { bytes, snapshot, sqlite, registry }: Replaced,
): Promise<void> {
  const file = RELEASE_FILES.snapshot;
  const files: Record<string, Uint8Array> = snapshot ? { [file]: bytes } : {};
  let updated = { ...manifest, files: { ...manifest.files, [file]: sha256(bytes) } };
  if (sqlite) {
    const dataset = decodeSnapshot(bytes, undefined, SNAPSHOT_CODEC, registry);
    const written = await releaseSqlite(dataset, contentHashes(dataset));
    Object.assign(files, written.files);
    const hashes = Object.entries(written.files).map(([name, body]) => [name, sha256(body)]);
    updated = {
      ...updated,
      files: { ...updated.files, ...Object.fromEntries(hashes) },
      sqlite: written.entry,
    };
    await store.putEdgeObjects?.(
      sqliteEdgeObjects(version, written.entry, written.files),
      new Set(),
    );
  }
  await store.replaceFiles(version, {
    ...files,
    [RELEASE_FILES.manifest]: encodeManifest(updated),
  });
}
