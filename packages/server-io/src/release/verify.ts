import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LIST_NAMES, rewriteSnapshot, type BulkFiles } from '@gamedata/core';
import { decodeSnapshot, type Dataset } from '@gamedata/core/runtime';
import { SNAPSHOT_CODEC } from '../snapshot-file.js';
import { contentHashes, sha256 } from './content-hashes.js';
import { openReleaseStore, type Releases } from './open-store.js';
import {
  readContentHashes,
  readCurrentVersion,
  readReleaseManifest,
  readVerified,
  releaseProblem,
  RELEASE_FILES,
  type ReleaseManifest,
} from './release-store.js';

/** What `verifyRelease` checked of a release. */
export interface VerifiedRelease {
  version: string;
  records: number;
  languages: number;
  sprites: number;
  bulkFiles: number;
}

const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

/** Each of `files` whole, and its compressed forms as served: their hash, size and bytes. */
function checkBulkFiles(files: BulkFiles, manifest: ReleaseManifest['bulk'], where: string) {
  for (const [name, file] of Object.entries(files)) {
    const identity = file.identity();
    const recorded = manifest[name as keyof typeof manifest];
    if (sha256(identity) !== file.sha256 || identity.length !== file.bytes)
      throw new Error(`the ${where} bulk file ${name} does not match its SHA-256 or size`);
    if (recorded?.sha256 !== file.sha256 || recorded.count !== file.count)
      throw new Error(`the ${where} bulk file ${name} is not the one manifest.json records`);
    if (!same(brotliDecompressSync(file.br), identity) || !same(gunzipSync(file.gzip), identity))
      throw new Error(`the ${where} bulk file ${name} has br or gzip bytes of other content`);
  }
  return Object.keys(files).length;
}

/** Reads every part of a decoded release once: each record and its JSON, in every language. */
function readEverything(
  dataset: Dataset,
  manifest: ReleaseManifest,
): Omit<VerifiedRelease, 'version' | 'current'> {
  let records = 0;
  const tags = Object.keys(dataset.translations);
  for (const list of LIST_NAMES) {
    const collection = dataset[list];
    for (let index = 0; index < collection.size; index++) {
      if (collection.at(index).id !== collection.ids[index])
        throw new Error(`${list}: record ${index} is not ${collection.ids[index]}`);
      for (const tag of tags) {
        const stored = dataset.localized?.(tag, list);
        if (!stored) throw new Error(`${list} in ${tag}: not stored`);
        if (stored.records.at(index).id !== collection.ids[index])
          throw new Error(`${list} in ${tag}: record ${index} is not ${collection.ids[index]}`);
      }
      records++;
    }
  }
  for (const tag of [dataset.language, ...tags])
    if (!dataset.searchTexts?.(tag)) throw new Error(`no search texts in ${tag}`);
  for (const tag of tags) if (!dataset.localizedStats?.(tag)) throw new Error(`no stats in ${tag}`);
  for (const [id, sprite] of dataset.sprites)
    if (sprite.bytes.length === 0) throw new Error(`sprite ${id} is empty`);
  if (!dataset.bulk) throw new Error('no bulk files');
  let bulkFiles = checkBulkFiles(dataset.bulk, manifest.bulk, 'default language');
  for (const [tag, files] of Object.entries(dataset.translatedBulk ?? {})) {
    const recorded = manifest.translatedBulk?.[tag];
    if (!recorded) throw new Error(`bulk files in ${tag} that manifest.json does not record`);
    bulkFiles += checkBulkFiles(files, recorded, tag);
  }
  return { records, languages: 1 + tags.length, sprites: dataset.sprites.size, bulkFiles };
}

/**
 * Checks a stored release end to end — the current one unless `version` is given — as a server would
 * serve every part of it: each file against the SHA-256 its manifest recorded; the release file read
 * whole, every record parsed in every language, every bulk file and its compressed forms against
 * their hashes; the content hashes worked out again and compared with the manifest's and
 * `hashes.json`. A release file an earlier writer wrote is refused (`upgrade` rewrites it). The
 * first problem is thrown, naming the release's place and file.
 *
 * @example const { records } = await verifyRelease('releases');
 */
export async function verifyRelease(
  releases: Releases,
  version?: string,
  onStep?: (step: string) => void,
): Promise<VerifiedRelease> {
  const store = await openReleaseStore(releases);
  const chosen = version ?? (await readCurrentVersion(store));
  if (chosen === undefined) throw new Error(`no release is current in ${store.location}`);
  const dir = store.releaseLocation(chosen);
  const manifest = await readReleaseManifest(store, chosen);
  onStep?.('files against manifest.json');
  for (const name of Object.keys(manifest.files))
    if (name !== RELEASE_FILES.snapshot) await readVerified(store, chosen, manifest, name);
  const bytes = await readVerified(store, chosen, manifest, RELEASE_FILES.snapshot);
  const file = RELEASE_FILES.snapshot;
  try {
    onStep?.('written by the current writer');
    if (!same(rewriteSnapshot(bytes, SNAPSHOT_CODEC), bytes))
      throw new Error('written by an earlier writer: pnpm publish-dataset upgrade rewrites it');
    onStep?.('records, languages, sprites and bulk files');
    const dataset = decodeSnapshot(bytes, undefined, SNAPSHOT_CODEC);
    if (dataset.meta.version !== chosen) throw new Error(`holds version ${dataset.meta.version}`);
    const read = readEverything(dataset, manifest);
    onStep?.('content hashes');
    const hash = contentHashes(dataset).hash;
    if (hash !== manifest.hash)
      throw new Error(`its content hash is ${hash}, not manifest.json's ${manifest.hash}`);
    if ((await readContentHashes(store, manifest)).hash !== hash)
      throw new Error(`its content hash is not ${RELEASE_FILES.hashes}'s`);
    return { version: chosen, ...read };
  } catch (error) {
    throw releaseProblem(dir, file, (error as Error).message);
  }
}
