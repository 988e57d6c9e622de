import { directoryStore } from './directory-store.js';
import { isS3Location, parseS3Location } from './s3-location.js';
import type { ReleaseStore } from './store.js';

/** Where releases are: a directory, `s3://bucket/prefix`, or a store opened already. */
export type Releases = string | ReleaseStore;

/**
 * Opens the releases a setting names: `s3://bucket` or `s3://bucket/prefix` is a bucket (the AWS SDK's
 * S3 client is loaded then, and only then), anything else a directory.
 *
 * @example const store = await openReleaseStore('s3://games-data/gamedata'); await readRelease(store)
 */
export async function openReleaseStore(releases: Releases): Promise<ReleaseStore> {
  if (typeof releases !== 'string') return releases;
  if (!isS3Location(releases)) return directoryStore(releases);
  // Loaded with the SDK when a bucket is named: a server reading a directory never loads either.
  const { s3Store } = await import('./s3-store.js');
  return s3Store(parseS3Location(releases));
}
