/**
 * S3 could not be used for releases: one line that names the location, the bucket and S3's error
 * code, and what to fix, in place of the SDK's error and its stack.
 */
export class ReleaseStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseStoreError';
  }
}

/** Codes of a refusal because of who asks: wrong, missing or unauthorised credentials. */
const DENIED = new Set([
  'AccessDenied',
  'AllAccessDisabled',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'Forbidden',
]);
/** Node's codes for an endpoint that cannot be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The endpoint the SDK was pointed at, for a message: an S3-compatible server's, or AWS's for the region. */
function endpointName(): string {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL;
  return endpoint
    ? `the S3 endpoint ${endpoint} (AWS_ENDPOINT_URL_S3)`
    : `S3 in ${process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'the configured region'}`;
}

/**
 * The `ReleaseStoreError` for a failed S3 request: `doing` says what was asked ("read CURRENT").
 *
 * @example s3Failure(error, 's3://games-data/gamedata', 'games-data', 'read CURRENT')
 */
export function s3Failure(
  error: unknown,
  location: string,
  bucket: string,
  doing: string,
): ReleaseStoreError {
  const failure = (error ?? {}) as SdkError;
  const code = failure.Code ?? failure.code ?? failure.name ?? 'Error';
  const status = failure.$metadata?.httpStatusCode;
  const prefix = `${location}: cannot ${doing}`;
  if (code === 'NoSuchBucket')
    return new ReleaseStoreError(`${prefix}: the bucket ${bucket} does not exist (NoSuchBucket)`);
  if (DENIED.has(code) || status === 403) {
    return new ReleaseStoreError(
      `${prefix}: access to the bucket ${bucket} is denied (${code}); check the credentials and that they may read (and, to publish, write) ${location}/*`,
    );
  }
  if (UNREACHABLE.has(code) || code === 'TimeoutError')
    return new ReleaseStoreError(
      `${prefix}: cannot reach ${endpointName()} for the bucket ${bucket} (${code})`,
    );
  if (failure.message === 'Region is missing')
    return new ReleaseStoreError(
      `${prefix}: no AWS region is set for the bucket ${bucket} (set AWS_REGION)`,
    );
  if (code === 'CredentialsProviderError')
    return new ReleaseStoreError(
      `${prefix}: no AWS credentials were found for the bucket ${bucket} (${failure.message ?? code})`,
    );
  return new ReleaseStoreError(
    `${prefix} in the bucket ${bucket} (${code}${failure.message && failure.message !== code ? `: ${failure.message}` : ''})`,
  );
}
