import { crc32 } from '../crc32.js';

/**
 * API key format: `gd_` + 30 random base62 characters + a 6-character base62 CRC-32 of those 30.
 * The prefix lets secret scanners recognise a leaked key; the checksum lets the API refuse a typo
 * or a made-up string without hashing or looking anything up (the same scheme as GitHub's tokens).
 */
export const API_KEY_PREFIX = 'gd_';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function checksumOf(random: string): string {
  let value = crc32(new TextEncoder().encode(random));
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/**
 * A new random API key, from Web Crypto. Bytes of 248 or more are skipped so every base62
 * character is equally likely (248 = 4 × 62).
 *
 * @example generateApiKey() // 'gd_' + 36 base62 characters
 */
export function generateApiKey(): string {
  let random = '';
  while (random.length < RANDOM_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH))) {
      if (byte < 248 && random.length < RANDOM_LENGTH) random += BASE62[byte % 62];
    }
  }
  return `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/**
 * Whether a string has the shape and checksum of one of our keys (it may still be unknown or revoked).
 *
 * @example isWellFormedApiKey(generateApiKey()) // true
 */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_SHAPE.test(key)) return false;
  const body = key.slice(API_KEY_PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}
