/** A bucket and the prefix its releases live under: `s3://bucket/prefix` (README, "Releases in an S3 bucket"). */
export interface S3Location {
  bucket: string;
  /** Without slashes at either end; empty for releases at the bucket's top. */
  prefix: string;
}

const S3_SCHEME = 's3://';
/** S3's rule for the names of new buckets (lower-case letters, digits, dots and hyphens, 3 to 63). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Whether a releases setting names a bucket rather than a directory. */
export const isS3Location = (raw: string): boolean => raw.toLowerCase().startsWith(S3_SCHEME);

/**
 * Reads `s3://bucket` or `s3://bucket/prefix`; a bucket name S3 would refuse, or a prefix with an
 * empty or dot segment (`a//b`, `a/../b`), is refused with the value. Trailing slashes are dropped.
 *
 * @example parseS3Location('s3://games-data/gamedata/') // { bucket: 'games-data', prefix: 'gamedata' }
 */
export function parseS3Location(raw: string): S3Location {
  const [bucket = '', ...segments] = raw.slice(S3_SCHEME.length).replace(/\/+$/, '').split('/');
  if (!BUCKET_NAME.test(bucket))
    throw new Error(
      `"${raw}" does not name an S3 bucket: a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens`,
    );
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new Error(`"${raw}": the prefix after the bucket has an empty, "." or ".." part`);
  return { bucket, prefix: segments.join('/') };
}

/** The location as it is written: `s3://bucket` or `s3://bucket/prefix`. */
export const s3Url = ({ bucket, prefix }: S3Location): string =>
  `${S3_SCHEME}${bucket}${prefix ? `/${prefix}` : ''}`;
