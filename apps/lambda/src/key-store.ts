import { readFileSync } from 'node:fs';
import { parseKeyFile, type KeyFile } from '@gamedata/core';

/** Where the key store came from, for the start-up log line. */
export type KeySource = 'GAMEDATA_KEYS_JSON' | 'bundled keys.json' | 'none';

function readIfPresent(path: URL): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The key store: `GAMEDATA_KEYS_JSON` when set (it can change without a rebuild), else the key file
 * bundled at build time, else none (everyone is anonymous). Either holds key hashes, never keys.
 */
export function loadKeyFile(keysJson: string | undefined, bundled: URL): { file: KeyFile; source: KeySource } {
  if (keysJson !== undefined) return { file: parseKeyFile(keysJson, 'GAMEDATA_KEYS_JSON'), source: 'GAMEDATA_KEYS_JSON' };
  const text = readIfPresent(bundled);
  if (text !== undefined) return { file: parseKeyFile(text, 'bundled keys.json'), source: 'bundled keys.json' };
  return { file: { keys: [] }, source: 'none' };
}
