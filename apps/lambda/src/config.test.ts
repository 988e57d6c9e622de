import { describe, expect, it } from 'vitest';
import { readConfig, type LambdaConfig } from './config.js';

const SECRET = '0123456789abcdefXYZ';
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecret-AbCdEf';

describe('readConfig', () => {
  it.each<[string, Record<string, string>, LambdaConfig]>([
    ['nothing set', {}, {}],
    [
      'SAM defaults (empty strings)',
      {
        GAMEDATA_KEYS_JSON: '',
        GAMEDATA_REDIS_URL: '',
        GAMEDATA_CLOUDFRONT_SECRET: '',
        GAMEDATA_CLOUDFRONT_SECRET_HEADER: 'x-origin-verify',
      },
      {},
    ],
    ['a key store', { GAMEDATA_KEYS_JSON: '{"keys":[]}' }, { keysJson: '{"keys":[]}' }],
    [
      'a Redis URL',
      { GAMEDATA_REDIS_URL: 'rediss://cache.example:6379' },
      { redisUrl: 'rediss://cache.example:6379' },
    ],
    [
      'an origin secret, default header',
      { GAMEDATA_CLOUDFRONT_SECRET: SECRET },
      { originSecret: { header: 'x-origin-verify', secret: SECRET } },
    ],
    [
      'an origin secret and its header, lower-cased',
      {
        GAMEDATA_CLOUDFRONT_SECRET: SECRET,
        GAMEDATA_CLOUDFRONT_SECRET_HEADER: 'X-From-CloudFront',
      },
      { originSecret: { header: 'x-from-cloudfront', secret: SECRET } },
    ],
    [
      "an origin secret's ARN in Secrets Manager, read at cold start",
      { GAMEDATA_CLOUDFRONT_SECRET_ARN: ARN, GAMEDATA_CLOUDFRONT_SECRET: '' },
      { originSecretArn: { header: 'x-origin-verify', arn: ARN } },
    ],
    [
      'releases in a bucket, written as read',
      { GAMEDATA_RELEASES_DIR: 's3://games-data/gamedata/' },
      { releases: 's3://games-data/gamedata' },
    ],
    [
      'releases in a bucket, checked every 5 s',
      { GAMEDATA_RELEASES_DIR: 's3://games-data', GAMEDATA_RELEASE_CHECK_SECONDS: '5' },
      { releases: 's3://games-data', releaseCheckSeconds: 5 },
    ],
  ])('%s', (_name, env, expected) => {
    expect(readConfig(env)).toEqual(expected);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['a short secret', { GAMEDATA_CLOUDFRONT_SECRET: 'short' }, /at least 16 characters/],
    [
      'a secret and an ARN at once',
      { GAMEDATA_CLOUDFRONT_SECRET: SECRET, GAMEDATA_CLOUDFRONT_SECRET_ARN: ARN },
      /GAMEDATA_CLOUDFRONT_SECRET or GAMEDATA_CLOUDFRONT_SECRET_ARN, not both/,
    ],
    [
      'a header name with a space',
      { GAMEDATA_CLOUDFRONT_SECRET: SECRET, GAMEDATA_CLOUDFRONT_SECRET_HEADER: 'x origin' },
      /not a header name/,
    ],
    [
      'a releases directory, which a function does not have',
      { GAMEDATA_RELEASES_DIR: 'releases' },
      /GAMEDATA_RELEASES_DIR must be an S3 location \(s3:\/\/bucket\/prefix\) on Lambda, got "releases"/,
    ],
    [
      'a URL that is not s3://',
      { GAMEDATA_RELEASES_DIR: 'https://example.org/releases' },
      /GAMEDATA_RELEASES_DIR must name a directory or an S3 bucket/,
    ],
    [
      'a check interval of 0',
      { GAMEDATA_RELEASE_CHECK_SECONDS: '0' },
      /GAMEDATA_RELEASE_CHECK_SECONDS must be a whole number of at least 1, got "0"/,
    ],
  ])('refuses %s', (_name, env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
