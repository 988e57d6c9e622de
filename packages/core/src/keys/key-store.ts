import { z } from 'zod';

/**
 * One entry of the operator's key file. Only a SHA-256 hash of the key is stored, never the key, so a
 * leaked key file does not leak usable keys.
 */
export const KeyRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  created: z.iso.datetime({ offset: true }),
  revoked: z.boolean(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex SHA-256'),
});

export const KeyFileSchema = z.object({ keys: z.array(KeyRecordSchema) });

export type KeyRecord = z.infer<typeof KeyRecordSchema>;
export type KeyFile = z.infer<typeof KeyFileSchema>;

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

/** Longest key worth hashing; anything longer cannot be one of ours. */
const MAX_KEY_LENGTH = 256;

/**
 * A key store over the records of a key file. Lookup is by hash, so the presented key is never
 * compared character by character against stored secrets.
 *
 * @example const keys = createKeyStore(KeyFileSchema.parse(JSON.parse(text)).keys);
 */
export function createKeyStore(records: readonly KeyRecord[]): KeyStore {
  const byHash = new Map(records.filter((r) => !r.revoked).map((r) => [r.hash, r.id]));
  return {
    async resolve(key) {
      if (key.length === 0 || key.length > MAX_KEY_LENGTH || byHash.size === 0) return undefined;
      return byHash.get(await hashApiKey(key));
    },
  };
}
