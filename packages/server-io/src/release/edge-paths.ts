// The paths the edge serves a release's files at: a module of its own, free of everything else of the
// release store, so that the Lambda handler can redirect to them without loading any of it.

/** Where a release store keeps the files the edge serves: `<prefix>/edge/`, the CDN's origin path. */
export const EDGE_FOLDER = 'edge';

/** The codings a bulk file is stored in, each under its own key; `identity` is the plain file. */
export type EdgeCoding = 'identity' | 'gzip' | 'br';

/** The file name ending of each coding, after `.json`. */
const CODING_SUFFIX: Readonly<Record<EdgeCoding, string>> = {
  identity: '',
  gzip: '.gz',
  br: '.br',
};

/**
 * The path a bulk file has at the edge, in the coding it is stored in: the default language's under
 * `bulk/`, a translated language's under `bulk/<tag>/` (its canonical BCP 47 tag, as /v1/bulk names
 * it). The release's version is in the path, so a file at a path never changes: a new release adds
 * paths rather than replacing files, and nothing needs to be invalidated.
 *
 * @example edgeBulkPath('2026-11-22.1', 'items', 'br') // '/v1/files/2026-11-22.1/bulk/items.json.br'
 * @example edgeBulkPath('2026-11-22.1', 'items', 'gzip', 'de') // '/v1/files/2026-11-22.1/bulk/de/items.json.gz'
 */
export function edgeBulkPath(
  version: string,
  collection: string,
  coding: EdgeCoding,
  translatedLanguage?: string,
): string {
  const folder = translatedLanguage === undefined ? 'bulk' : `bulk/${translatedLanguage}`;
  return `/v1/files/${version}/${folder}/${collection}.json${CODING_SUFFIX[coding]}`;
}

/**
 * The path a sprite has at the edge: the contract's own (`/v1/img/{spriteId}.png`), so the CDN serves
 * it where clients already ask for it.
 *
 * @example edgeSpritePath('sword.4') // '/v1/img/sword.4.png'
 */
export function edgeSpritePath(spriteId: string): string {
  return `/v1/img/${spriteId}.png`;
}

/**
 * The path a release's SQLite file has at the edge, in the coding it is stored in: beside its bulk
 * files, under its version, by its own name (`gamedata-<version>.sqlite`).
 *
 * @example edgeSqlitePath('2026-11-22.1', 'gzip') // '/v1/files/2026-11-22.1/gamedata-2026-11-22.1.sqlite.gz'
 */
export function edgeSqlitePath(version: string, coding: EdgeCoding): string {
  return `/v1/files/${version}/gamedata-${version}.sqlite${CODING_SUFFIX[coding]}`;
}
