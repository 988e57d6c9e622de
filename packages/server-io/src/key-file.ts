import type { KeyFile } from '@gamedata/core/runtime';
import { readIfPresent } from './read-file.js';

/**
 * Reads and validates a key store; a missing file is an empty store (no keys issued yet). The
 * validator, and zod with it, is loaded only when there is a file to validate: a server without keys
 * starts without it.
 *
 * @example const { keys } = await readKeyFile('keys.json')
 */
export async function readKeyFile(path: string): Promise<KeyFile> {
  const text = await readIfPresent(path);
  if (text === undefined) return { keys: [] };
  const { parseKeyFile } = await import('@gamedata/core');
  return parseKeyFile(text, `Key file ${path}`);
}
