import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { loadKeyFile, type KeySource } from './key-store.js';

const record = (id: string) => ({
  id,
  name: id,
  created: '2026-11-01T00:00:00Z',
  revoked: false,
  hash: 'a'.repeat(64),
});
const store = (id: string) => JSON.stringify({ keys: [record(id)] });

const dir = await makeTempDir('lambda-keys');
const bundled = pathToFileURL(join(dir, 'keys.json'));
writeFileSync(bundled, store('key_bundled'));
const absent = pathToFileURL(join(dir, 'absent.json'));

describe('loadKeyFile', () => {
  it.each<[string, string | undefined, URL, KeySource, string[]]>([
    [
      'GAMEDATA_KEYS_JSON wins over a bundled file',
      store('key_env'),
      bundled,
      'GAMEDATA_KEYS_JSON',
      ['key_env'],
    ],
    ['GAMEDATA_KEYS_JSON alone', store('key_env'), absent, 'GAMEDATA_KEYS_JSON', ['key_env']],
    [
      'the bundled file when the variable is unset',
      undefined,
      bundled,
      'bundled keys.json',
      ['key_bundled'],
    ],
    ['no keys at all', undefined, absent, 'none', []],
  ])('%s', async (_name, keysJson, file, source, ids) => {
    const loaded = await loadKeyFile(keysJson, file);
    expect(loaded.source).toBe(source);
    expect(loaded.file.keys.map((k) => k.id)).toEqual(ids);
  });

  it.each<[string, string, RegExp]>([
    ['text that is not JSON', '{keys:', /GAMEDATA_KEYS_JSON is not JSON/],
    [
      'JSON of another shape',
      '{"keys":[{"id":"k"}]}',
      /GAMEDATA_KEYS_JSON is not a valid key store/,
    ],
    [
      'a key with a malformed hash',
      JSON.stringify({ keys: [{ ...record('k'), hash: 'abc' }] }),
      /not a valid key store/,
    ],
  ])('refuses %s', async (_name, keysJson, message) => {
    await expect(loadKeyFile(keysJson, absent)).rejects.toThrow(message);
  });
});
