import { describe, expect, it } from 'vitest';
import { generateApiKey } from './key-format.js';
import { createKeyStore, hashApiKey, type KeyRecord } from './key-store.js';

const record = async (id: string, key: string, revoked = false): Promise<KeyRecord> => ({
  id,
  name: id,
  created: '2026-11-01T00:00:00Z',
  revoked,
  hash: await hashApiKey(key),
});

describe('hashApiKey', () => {
  it('is hex SHA-256', async () => {
    expect(await hashApiKey('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('createKeyStore', () => {
  it('resolves valid keys to their id; unknown, revoked, malformed, empty and oversized keys resolve to nothing', async () => {
    const [one, two, three] = [generateApiKey(), generateApiKey(), generateApiKey()] as [
      string,
      string,
      string,
    ];
    const store = createKeyStore([await record('k1', one), await record('k2', two, true)]);
    expect(await store.resolve(one)).toBe('k1');
    expect(await store.resolve(two)).toBeUndefined();
    expect(await store.resolve(three)).toBeUndefined();
    // One character changed: the checksum no longer matches (a replacement equal to the old one would change nothing).
    expect(
      await store.resolve(`${one.slice(0, -1)}${one.endsWith('x') ? 'y' : 'x'}`),
    ).toBeUndefined();
    expect(await store.resolve('')).toBeUndefined();
    expect(await store.resolve('x'.repeat(10_000))).toBeUndefined();
  });

  it('refuses a well-formed key whose record was stored under another hash', async () => {
    const key = generateApiKey();
    const store = createKeyStore([
      { ...(await record('k1', key)), hash: await hashApiKey(generateApiKey()) },
    ]);
    expect(await store.resolve(key)).toBeUndefined();
  });

  it('finds a key among 10,000 by its hash, whichever record holds it', async () => {
    const keys = Array.from({ length: 10_000 }, () => generateApiKey());
    const records = await Promise.all(keys.map((key, i) => record(`k${i}`, key, i === 5_000)));
    const store = createKeyStore(records);
    expect(await store.resolve(keys[0] as string)).toBe('k0');
    expect(await store.resolve(keys[9_999] as string)).toBe('k9999');
    expect(await store.resolve(keys[5_000] as string)).toBeUndefined();
  });
});
