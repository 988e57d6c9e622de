import { resolve } from 'node:path';

/**
 * A whole number of at least 1 from the environment, or `fallback` when the variable is unset or
 * empty (a SAM parameter left at its default arrives empty). Anything else stops the process at start
 * with the variable's name and value.
 *
 * @example positiveInteger(process.env, 'GAMEDATA_CACHE_BYTES', 64 * 1024 * 1024)
 */
export function positiveInteger(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/**
 * The releases directory a setting names (`--releases`, `GAMEDATA_RELEASES_DIR`), resolved against
 * `base` (the working directory unless given). Releases cannot live in S3 yet (issue 26): a URL such as `s3://bucket/prefix`
 * would otherwise be taken for a relative path and publish into a new directory named `s3:`, so any
 * `scheme://` value is refused, naming the setting.
 *
 * @example releasesDirectory('GAMEDATA_RELEASES_DIR', 'releases') // '/srv/gamedata/releases'
 */
export function releasesDirectory(setting: string, raw: string, base = process.cwd()): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw)) {
    throw new Error(`${setting} must name a directory, got the URL "${raw}": releases in S3 or at any other URL are not supported yet`);
  }
  return resolve(base, raw);
}
