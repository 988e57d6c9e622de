import { parseKeyFile, type KeyFile } from '@gamedata/core';
import { readIfPresent } from './read-file.js';

/**
 * Reads and validates a key store; a missing file is an empty store (no keys issued yet).
 *
 * @example const { keys } = await readKeyFile('keys.json')
 */
export async function readKeyFile(path: string): Promise<KeyFile> {
  const text = await readIfPresent(path);
  return text === undefined ? { keys: [] } : parseKeyFile(text, `Key file ${path}`);
}
