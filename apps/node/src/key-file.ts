import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { generateApiKey, hashApiKey, type KeyFile, type KeyRecord } from '@gamedata/core';

/** Writes the key store atomically (write then rename), so a crash never leaves half a file. */
export async function writeKeyFile(path: string, file: KeyFile): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/** A new random key and its stored record. The key itself is returned once and never stored. */
export async function createKey(
  name: string,
  now: Date,
): Promise<{ key: string; record: KeyRecord }> {
  const key = generateApiKey();
  const record: KeyRecord = {
    id: `key_${randomBytes(6).toString('hex')}`,
    name,
    created: now.toISOString(),
    revoked: false,
    hash: await hashApiKey(key),
  };
  return { key, record };
}
