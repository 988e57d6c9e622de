import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { joinJsonArray, type BulkFiles } from '@gamedata/core';
import {
  collectionNames,
  collectionOf,
  decodeSnapshot,
  REGISTRY,
  STATS,
  readSnapshotHead,
  SNAPSHOT_FORMAT,
  UPGRADE_COMMAND,
  type Dataset,
  type Registry,
} from '@gamedata/core/runtime';
import { SNAPSHOT_CODEC } from '../snapshot-file.js';
import { contentHashes, sha256 } from './content-hashes.js';
import { openReleaseStore, type Releases } from './open-store.js';
import { checkReleaseSqlite } from './sqlite/check-sqlite.js';
import { checkRecordHistory } from './check-record-history.js';
import { SQLITE_SCHEMA_VERSION } from './sqlite/layout-version.js';
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
  /** The SQLite file's size in bytes. */
  sqliteBytes: number;
}

const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

/**
 * A language's bulk files as served, each against what the release holds: the records' JSON in that
 * language as stored (`json`, joined as a bulk file joins them; the stats as `stats` writes them), its
 * SHA-256 and size, the br and gzip forms' content, and what manifest.json records.
 */
function checkBulkFiles(
  names: readonly string[],
  files: BulkFiles,
  manifest: ReleaseManifest['bulk'],
  where: string,
  content: (name: string) => Uint8Array,
): number {
  for (const name of names) {
    const file = files[name];
    if (file === undefined) throw new Error(`the ${where} bulk files lack ${name}`);
    const identity = content(name);
    const recorded = manifest[name];
    if (sha256(identity) !== file.sha256 || identity.length !== file.bytes)
      throw new Error(`the ${where} bulk file ${name} is not its records, or its SHA-256 or size`);
    if (recorded?.sha256 !== file.sha256 || recorded.count !== file.count)
      throw new Error(`the ${where} bulk file ${name} is not the one manifest.json records`);
    if (!same(brotliDecompressSync(file.br), identity) || !same(gunzipSync(file.gzip), identity))
      throw new Error(`the ${where} bulk file ${name} has br or gzip bytes of other content`);
  }
  return names.length;
}

/**
 * Reads every part of a decoded release once: each record's JSON in every language (the default
 * language's records are parsed by the content hashes after; each other language's are the bulk
 * files' content, compared whole), the search texts, the stats, the sprites and every bulk file.
 */
function readEverything(
  dataset: Dataset,
  manifest: ReleaseManifest,
): Omit<VerifiedRelease, 'version' | 'sqliteBytes'> {
  const tags = Object.keys(dataset.translations);
  const encoder = new TextEncoder();
  const json = new Map<string, Uint8Array[]>();
  let records = 0;
  for (const { name: list } of dataset.registry.lists) {
    const collection = collectionOf(dataset, list);
    const read = (tag: string, at: (index: number) => Uint8Array) => {
      const bytes = Array.from({ length: collection.size }, (_, index) => at(index));
      json.set(`${tag}/${list}`, bytes);
    };
    read(dataset.language, (index) => collection.json!(index));
    for (const tag of tags) {
      const stored = dataset.localized?.(tag, list);
      if (!stored) throw new Error(`${list} in ${tag}: not stored`);
      read(tag, (index) => {
        // Its bytes are the writer's (their CRC-32 checked): that it is the record it should be is
        // read from its first field, without parsing it.
        const bytes = stored.records.json(index);
        const start = `{"id":${JSON.stringify(collection.ids[index])},`;
        if (Buffer.from(bytes.buffer, bytes.byteOffset, start.length).toString() !== start)
          throw new Error(`${list} in ${tag}: record ${index} is not ${collection.ids[index]}`);
        return bytes;
      });
    }
    records += collection.size;
  }
  for (const tag of [dataset.language, ...tags])
    if (!dataset.searchTexts?.(tag)) throw new Error(`no search texts in ${tag}`);
  const stats = (tag: string) => {
    const found =
      tag === dataset.language ? { stats: dataset.stats } : dataset.localizedStats?.(tag);
    if (!found) throw new Error(`no stats in ${tag}`);
    return encoder.encode(JSON.stringify(found.stats));
  };
  for (const [id, sprite] of dataset.sprites)
    if (sprite.bytes.length === 0) throw new Error(`sprite ${id} is empty`);
  checkRecordHistory(dataset);
  const content = (tag: string) => (name: string) =>
    name === STATS ? stats(tag) : joinJsonArray(json.get(`${tag}/${name}`) ?? []);
  if (!dataset.bulk) throw new Error('no bulk files');
  const names = collectionNames(dataset.registry);
  let bulkFiles = checkBulkFiles(
    names,
    dataset.bulk,
    manifest.bulk,
    'default language',
    content(dataset.language),
  );
  for (const tag of tags) {
    const files = dataset.translatedBulk?.[tag];
    const recorded = manifest.translatedBulk?.[tag];
    if (!files || !recorded) throw new Error(`no bulk files in ${tag}, or none recorded`);
    bulkFiles += checkBulkFiles(names, files, recorded, tag, content(tag));
  }
  return { records, languages: 1 + tags.length, sprites: dataset.sprites.size, bulkFiles };
}

/**
 * Checks a stored release end to end — the current one unless `version` is given — as a server would
 * serve every part of it: each file against the SHA-256 its manifest recorded; the release file read
 * whole, every section against its CRC-32, every record in every language and every record's history
 * (`checkRecordHistory`), every bulk file and its compressed forms against
 * the records, their hashes and the manifest; the content hashes worked out again and compared with the manifest's and
 * `hashes.json`; the SQLite file against its manifest entry and the release (`checkReleaseSqlite`). A release file a server would refuse, or one of the previous format, is refused
 * (`upgrade` rewrites it). Its lists are read as `registry`'s, the API's own without one. The first
 * problem is thrown, naming the release's place and file.
 *
 * @example const { records } = await verifyRelease('releases');
 */
export async function verifyRelease(
  releases: Releases,
  version?: string,
  onStep?: (step: string) => void,
  registry: Registry = REGISTRY,
): Promise<VerifiedRelease> {
  const store = await openReleaseStore(releases);
  const chosen = version ?? (await readCurrentVersion(store));
  if (chosen === undefined) throw new Error(`no release is current in ${store.location}`);
  const dir = store.releaseLocation(chosen);
  const manifest = await readReleaseManifest(store, chosen);
  onStep?.('files against manifest.json');
  // The release file and the SQLite file are read, and hashed, where they are checked.
  for (const name of Object.keys(manifest.files))
    if (name !== RELEASE_FILES.snapshot && !name.startsWith(manifest.sqlite?.file ?? '\0'))
      await readVerified(store, chosen, manifest, name);
  const bytes = await readVerified(store, chosen, manifest, RELEASE_FILES.snapshot);
  let file: string = RELEASE_FILES.snapshot;
  try {
    onStep?.('records, languages, sprites and bulk files');
    // Read as a server reads it: a file it would refuse (of an earlier writer) is refused here too.
    const head = readSnapshotHead(bytes);
    if (head.format !== SNAPSHOT_FORMAT)
      throw new Error(`written in format ${head.format}: rewrite it with ${UPGRADE_COMMAND}`);
    const dataset = decodeSnapshot(bytes, undefined, SNAPSHOT_CODEC, registry);
    if (dataset.meta.version !== chosen) throw new Error(`holds version ${dataset.meta.version}`);
    const read = readEverything(dataset, manifest);
    onStep?.('content hashes');
    const hashes = contentHashes(dataset);
    const { hash } = hashes;
    if (hash !== manifest.hash)
      throw new Error(`its content hash is ${hash}, not manifest.json's ${manifest.hash}`);
    if ((await readContentHashes(store, manifest)).hash !== hash)
      throw new Error(`its content hash is not ${RELEASE_FILES.hashes}'s`);
    const { sqlite } = manifest;
    file = RELEASE_FILES.manifest;
    if (sqlite === undefined || sqlite.schema !== SQLITE_SCHEMA_VERSION)
      throw new Error(
        sqlite === undefined
          ? `the release has no SQLite file (published before them): ${UPGRADE_COMMAND} writes it`
          : `its SQLite file has layout ${sqlite.schema}, not ${SQLITE_SCHEMA_VERSION}: ${UPGRADE_COMMAND} writes it anew`,
      );
    file = sqlite.file;
    onStep?.('the SQLite file against the release');
    const sqliteBytes = await readVerified(store, chosen, manifest, file);
    if (sqliteBytes.length !== sqlite.bytes || manifest.files[file] !== sqlite.sha256)
      throw new Error(`its size or SHA-256 is not the one manifest.json's sqlite records`);
    await checkReleaseSqlite(sqliteBytes, dataset, hashes, true);
    // Its compressed forms (their SHA-256 checked with every file above) hold the file itself.
    for (const [coding, form] of Object.entries(sqlite.encoded)) {
      file = form.file;
      const body = await readVerified(store, chosen, manifest, form.file);
      const inflated = coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      if (body.length !== form.bytes || manifest.files[form.file] !== form.sha256)
        throw new Error(`its size or SHA-256 is not the one manifest.json's sqlite records`);
      if (!same(inflated, sqliteBytes))
        throw new Error(`it is not the SQLite file's ${coding} form`);
    }
    return { version: chosen, ...read, sqliteBytes: sqliteBytes.length };
  } catch (error) {
    throw releaseProblem(dir, file, (error as Error).message);
  }
}
