import { resolve } from 'node:path';
import { isS3Location, parseS3Location, s3Url } from './release/s3-location.js';

/**
 * A whole number of at least 1 from the environment, or `fallback` when the variable is unset or
 * empty (a SAM parameter left at its default arrives empty). Anything else stops the process at start
 * with the variable's name and value.
 *
 * @example positiveInteger(process.env, 'GAMEDATA_CACHE_BYTES', 64 * 1024 * 1024)
 */
export function positiveInteger(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/**
 * Where the releases a setting names are (`--releases`, `GAMEDATA_RELEASES_DIR`): `s3://bucket` or
 * `s3://bucket/prefix` for a bucket, written as `s3Url` writes it; anything else a directory, resolved
 * against `base` (the working directory unless given). Any other URL (`https://…`) is refused, naming
 * the setting: taken for a relative path, it would publish into a new directory named `https:`.
 *
 * @example releasesLocation('GAMEDATA_RELEASES_DIR', 'releases') // '/srv/gamedata/releases'
 * @example releasesLocation('--releases', 's3://games-data/gamedata/') // 's3://games-data/gamedata'
 */
export function releasesLocation(setting: string, raw: string, base = process.cwd()): string {
  if (isS3Location(raw)) {
    try {
      return s3Url(parseS3Location(raw));
    } catch (error) {
      throw new Error(`${setting}: ${(error as Error).message}`);
    }
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw)) {
    throw new Error(
      `${setting} must name a directory or an S3 bucket (s3://bucket/prefix), got the URL "${raw}": releases at any other URL are not supported`,
    );
  }
  return resolve(base, raw);
}
