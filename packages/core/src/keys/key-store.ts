import { isWellFormedApiKey } from './key-format.js';

/**
 * One entry of the operator's key file. Only a SHA-256 hash of the key is stored, never the key, so a
 * leaked key file does not leak usable keys.
 */
export interface KeyRecord {
  /** Stable id, shown in access logs in place of the key. */
  id: string;
  /** The operator's label for whom the key was issued to. */
  name: string;
  /** When it was issued, ISO 8601 with offset. */
  created: string;
  /** A revoked key is refused (treated as anonymous) but kept on record. */
  revoked: boolean;
  /** Lower-case hex SHA-256 of the key. */
  hash: string;
}

/** The key file: every key ever issued. Read and validated with `parseKeyFile`. */
export interface KeyFile {
  keys: KeyRecord[];
}

/** Resolves a presented API key to the id of a valid key, or undefined (unknown or revoked: anonymous). */
export interface KeyStore {
  resolve(key: string): Promise<string | undefined>;
}

/**
 * Hex SHA-256 of an API key, with Web Crypto so it runs on every runtime.
 *
 * @example await hashApiKey('gd_…') // '3f1c…' (64 hex characters)
 */
export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two equal-length hex digests without an early exit, so timing says nothing about where they differ. */
function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * A key store over the records of a key file. A key that is not well-formed (wrong prefix, length or
 * checksum) is refused without hashing. Otherwise its SHA-256 is compared in constant time with every
 * active record — all of them, so the time taken does not reveal which record, if any, matched.
 *
 * @example const keys = createKeyStore(parseKeyFile(text, 'keys.json').keys);
 */
export function createKeyStore(records: readonly KeyRecord[]): KeyStore {
  const active = records.filter((r) => !r.revoked);
  return {
    async resolve(key) {
      if (active.length === 0 || !isWellFormedApiKey(key)) return undefined;
      const hash = await hashApiKey(key);
      let match: string | undefined;
      for (const record of active) if (digestsEqual(record.hash, hash) && match === undefined) match = record.id;
      return match;
    },
  };
}
