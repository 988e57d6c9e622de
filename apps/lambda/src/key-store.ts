import type { KeyFile } from '@gamedata/core/runtime';
import { readIfPresent } from '@gamedata/server-io/read-file';

/** Where the key store came from, for the start-up log line. */
export type KeySource = 'GAMEDATA_KEYS_JSON' | 'bundled keys.json' | 'none';

/**
 * The key store: `GAMEDATA_KEYS_JSON` when set (it can change without a rebuild), else the key file
 * bundled at build time, else none (everyone is anonymous). Either holds key hashes, never keys.
 */
export async function loadKeyFile(
  keysJson: string | undefined,
  bundled: URL,
): Promise<{ file: KeyFile; source: KeySource }> {
  const [text, source]: [string | undefined, KeySource] =
    keysJson !== undefined
      ? [keysJson, 'GAMEDATA_KEYS_JSON']
      : [await readIfPresent(bundled), 'bundled keys.json'];
  if (text === undefined) return { file: { keys: [] }, source: 'none' };
  // Validating a key store takes zod, which is loaded only when there is a key store to validate: a
  // function without keys does not pay for it on every cold start.
  const { parseKeyFile } = await import('./key-file-parser.js');
  return { file: parseKeyFile(text, source), source };
}
