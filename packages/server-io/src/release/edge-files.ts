import {
  IMAGE_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  PNG_CONTENT_TYPE,
  SQLITE_CONTENT_TYPE,
  VERSIONED_BULK_CACHE_CONTROL,
  databaseEtag,
  type BulkFiles,
  type Dataset,
} from '@gamedata/core';
import { sha256 } from './content-hashes.js';
import {
  EDGE_FOLDER,
  edgeBulkPath,
  edgeSpritePath,
  edgeSqlitePath,
  type EdgeCoding,
} from './edge-paths.js';
import type { SqliteFileEntry } from './release-manifest.js';

/** One object to put in the bucket, with what the edge must answer it with. */
export interface EdgeObject {
  /** The object's key, relative to the release store's prefix: `edge/v1/files/…` or `edge/v1/img/….png`. */
  key: string;
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** `gzip` or `br` for a compressed bulk file; absent for a body sent as it is stored. */
  contentEncoding?: 'gzip' | 'br';
  /** The language of a bulk file's text, as the API's `content-language` names it; absent for a sprite. */
  contentLanguage?: string;
  cacheControl: string;
  /**
   * The etag the API itself answers this file with: the SHA-256 of the uncompressed bulk file (the same
   * for every coding), the SQLite file's of its coding (`databaseEtag`), or the sprite's content etag. S3 answers with its own etag, so an upload keeps
   * this one as the object's metadata (`x-amz-meta-etag`), where a client can compare it.
   */
  etag: string;
  /** SHA-256 of `body` as stored, in base64: what S3 checks an upload against (`ChecksumSHA256`). */
  checksumSha256: string;
}

/** The key, relative to the store's prefix, of the object the edge serves at `path`. */
const edgeKey = (path: string) => `${EDGE_FOLDER}${path}`;

/** The key of a sprite's object: what a publish that gives a sprite new bytes must replace. */
export const edgeSpriteKey = (spriteId: string): string => edgeKey(edgeSpritePath(spriteId));

function edgeObject(
  path: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Omit<EdgeObject, 'key' | 'body' | 'checksumSha256'>,
): EdgeObject {
  return {
    key: edgeKey(path),
    body,
    ...headers,
    checksumSha256: Buffer.from(sha256(body), 'hex').toString('base64'),
  };
}

/**
 * One language's bulk files in their three codings, with the headers the API sends a versioned bulk
 * file with; `translated` is the language of a translated file, and names its folder.
 */
function languageBulkObjects(
  version: string,
  files: BulkFiles,
  language: string,
  translated: string | undefined,
): EdgeObject[] {
  return Object.entries(files).flatMap(([collection, file]) => {
    const headers = {
      contentType: JSON_CONTENT_TYPE,
      contentLanguage: language,
      cacheControl: VERSIONED_BULK_CACHE_CONTROL,
      etag: `"${file.sha256}"`,
    };
    const bodies: Array<[EdgeCoding, Uint8Array<ArrayBuffer>]> = [
      ['identity', file.identity()],
      ['gzip', file.gzip],
      ['br', file.br],
    ];
    return bodies.map(([coding, body]) =>
      edgeObject(edgeBulkPath(version, collection, coding, translated), body, {
        ...headers,
        ...(coding === 'identity' ? {} : { contentEncoding: coding }),
      }),
    );
  });
}

/**
 * Each bulk file of a release in its three codings: the default language's, then each translated
 * language's (none for a release published before bulk files per language).
 */
function bulkObjects(dataset: Dataset): EdgeObject[] {
  const { bulk, translatedBulk = {}, meta, language } = dataset;
  if (!bulk)
    throw new Error(
      `release ${meta.version} has no bulk files: publish it again with this version of the publish tool`,
    );
  return [
    ...languageBulkObjects(meta.version, bulk, language, undefined),
    ...Object.entries(translatedBulk).flatMap(([tag, files]) =>
      languageBulkObjects(meta.version, files, tag, tag),
    ),
  ];
}

/**
 * Every object the edge serves for a loaded release: each bulk file of each language in each coding
 * (identity, gzip, br) under its versioned path, and each sprite under the contract's image path — the
 * same bytes, content type, coding, language, lifetime and etag as the API answers them with. Pure: uploading them is the
 * caller's part, and uploading them again changes nothing, as every key is named by what it holds.
 *
 * @example edgeObjects(dataset).find((o) => o.key.endsWith('items.json.br'))?.contentEncoding // 'br'
 */
export function edgeObjects(dataset: Dataset): EdgeObject[] {
  const sprites = [...dataset.sprites].map(([id, sprite]) =>
    edgeObject(edgeSpritePath(id), sprite.bytes, {
      contentType: PNG_CONTENT_TYPE,
      cacheControl: IMAGE_CACHE_CONTROL,
      etag: sprite.etag,
    }),
  );
  return [...bulkObjects(dataset), ...sprites];
}

/**
 * A release's SQLite file in its three codings, under its version (`edgeSqlitePath`), with the headers
 * the API sends it with: what a client the API sends to the edge gets, a range of it as well.
 *
 * @example sqliteEdgeObjects('2026-11-22.1', entry, files)[1]?.contentEncoding // 'gzip'
 */
export function sqliteEdgeObjects(
  version: string,
  { file, sha256: hash, encoded }: SqliteFileEntry,
  files: Readonly<Record<string, Uint8Array<ArrayBuffer>>>,
): EdgeObject[] {
  const forms: Array<[EdgeCoding, string]> = [
    ['identity', file],
    ['gzip', encoded.gzip.file],
    ['br', encoded.br.file],
  ];
  return forms.map(([coding, name]) => {
    const body = files[name];
    if (!body) throw new Error(`the release's ${name} is missing`);
    return edgeObject(edgeSqlitePath(version, coding), body, {
      contentType: SQLITE_CONTENT_TYPE,
      cacheControl: VERSIONED_BULK_CACHE_CONTROL,
      etag: databaseEtag(hash, coding === 'identity' ? undefined : coding),
      ...(coding === 'identity' ? {} : { contentEncoding: coding }),
    });
  });
}
