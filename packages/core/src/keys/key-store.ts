import { LruCache } from '../lru-cache.js';
import { isWellFormedApiKey } from './key-format.js';

/** Keys whose id is remembered, most recently used first: more than the clients of one busy instance. */
const KNOWN_KEYS_REMEMBERED = 4096;

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

/**
 * A key store over the records of a key file. A key that is not well-formed (wrong prefix, length or
 * checksum) is refused without hashing. Otherwise its SHA-256 is looked up in a map of the active
 * records' hashes: one lookup, however many keys exist. Looking up by hash leaks nothing a
 * comparison loop would hide: the map's timing depends on the presented key's hash, which an attacker
 * can compute but cannot steer towards a stored one without a preimage of SHA-256.
 *
 * @example const keys = createKeyStore(parseKeyFile(text, 'keys.json').keys);
 */
export function createKeyStore(records: readonly KeyRecord[]): KeyStore {
  const idByHash = new Map(records.filter((r) => !r.revoked).map((r) => [r.hash, r.id]));
  // Hashing through Web Crypto costs tens of microseconds (a hop to a worker thread); a client sends
  // its key on every request, so known keys are remembered. Only keys that resolve are kept: made-up
  // ones cannot push real ones out. A reload builds a new store, so a revoked key is forgotten.
  const known = new LruCache<string>({ maxEntries: KNOWN_KEYS_REMEMBERED });
  return {
    async resolve(key) {
      if (idByHash.size === 0 || !isWellFormedApiKey(key)) return undefined;
      const remembered = known.get(key);
      if (remembered !== undefined) return remembered;
      const id = idByHash.get(await hashApiKey(key));
      if (id !== undefined) known.set(key, id);
      return id;
    },
  };
}
