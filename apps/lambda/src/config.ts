import { positiveInteger, releasesLocation } from '@gamedata/server-io/env';
import type { OriginSecret } from './origin-secret.js';

/** What the operator configures through the function's environment (apps/lambda/README.md). */
export interface LambdaConfig {
  /** The key store itself, as JSON in the key file format; wins over a key file bundled at build time. */
  keysJson?: string;
  /** CloudFront's origin secret: when present on a request, CloudFront's viewer address is believed. */
  originSecret?: OriginSecret;
  /** The origin secret's header and the ARN of the Secrets Manager secret holding its value, read at cold start. */
  originSecretArn?: { header: string; arn: string };
  /** Shared rate-limit counters; without it each instance counts in its own memory. */
  redisUrl?: string;
  /** The bound of the app's answer caches, in bytes (`GAMEDATA_CACHE_BYTES`); core's default when absent. */
  cacheBytes?: number;
  /**
   * The bucket releases are read from (`GAMEDATA_RELEASES_DIR`, `s3://bucket/prefix`); when absent,
   * the bucket the package was built for, or else the release in the package.
   */
  releases?: string;
  /** How often, at most, an instance asks the bucket whether `CURRENT` changed (`GAMEDATA_RELEASE_CHECK_SECONDS`); 60 s when absent. */
  releaseCheckSeconds?: number;
}

/** `GAMEDATA_RELEASE_CHECK_SECONDS` unset: a new release is served within a minute of its publish. */
export const DEFAULT_RELEASE_CHECK_SECONDS = 60;

/** `GAMEDATA_RELEASES_DIR` on Lambda: a bucket, as a function has no releases directory of its own. */
function bucketLocation(raw: string): string {
  const location = releasesLocation('GAMEDATA_RELEASES_DIR', raw);
  if (!location.startsWith('s3://'))
    throw new Error(
      `GAMEDATA_RELEASES_DIR must be an S3 location (s3://bucket/prefix) on Lambda, got "${raw}": a release in the package needs no setting`,
    );
  return location;
}

/** A secret short enough to guess would let anyone choose their own rate-limit bucket. */
const MIN_SECRET_LENGTH = 16;
const DEFAULT_SECRET_HEADER = 'x-origin-verify';

/** The origin secret, refused when short enough to guess; `source` names where it came from. */
export function checkedOriginSecret(header: string, secret: string, source: string): OriginSecret {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${source} must be at least ${MIN_SECRET_LENGTH} characters`);
  return { header, secret };
}

/**
 * Reads the configuration. Empty values count as unset, because a SAM parameter left at its default
 * still arrives as an (empty) environment variable.
 */
export function readConfig(env: Readonly<Record<string, string | undefined>>): LambdaConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const config: LambdaConfig = {};
  const releases = value('GAMEDATA_RELEASES_DIR');
  if (releases) config.releases = bucketLocation(releases);
  if (value('GAMEDATA_RELEASE_CHECK_SECONDS'))
    config.releaseCheckSeconds = positiveInteger(
      env,
      'GAMEDATA_RELEASE_CHECK_SECONDS',
      DEFAULT_RELEASE_CHECK_SECONDS,
    );
  const keysJson = value('GAMEDATA_KEYS_JSON');
  if (keysJson) config.keysJson = keysJson;
  const redisUrl = value('GAMEDATA_REDIS_URL');
  if (redisUrl) config.redisUrl = redisUrl;
  if (value('GAMEDATA_CACHE_BYTES'))
    config.cacheBytes = positiveInteger(env, 'GAMEDATA_CACHE_BYTES', 0);

  const secret = value('GAMEDATA_CLOUDFRONT_SECRET');
  const arn = value('GAMEDATA_CLOUDFRONT_SECRET_ARN');
  if (secret && arn)
    throw new Error('set GAMEDATA_CLOUDFRONT_SECRET or GAMEDATA_CLOUDFRONT_SECRET_ARN, not both');
  if (secret || arn) {
    const header = (
      value('GAMEDATA_CLOUDFRONT_SECRET_HEADER') ?? DEFAULT_SECRET_HEADER
    ).toLowerCase();
    if (!/^[a-z0-9-]+$/.test(header))
      throw new Error(`GAMEDATA_CLOUDFRONT_SECRET_HEADER is not a header name: "${header}"`);
    if (secret)
      config.originSecret = checkedOriginSecret(header, secret, 'GAMEDATA_CLOUDFRONT_SECRET');
    if (arn) config.originSecretArn = { header, arn };
  }
  return config;
}
