import { describe, expect, it } from 'vitest';
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
    expect(await hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('createKeyStore', () => {
  it('resolves valid keys to their id; unknown, revoked, empty and oversized keys resolve to nothing', async () => {
    const store = createKeyStore([await record('k1', 'gd_live_one'), await record('k2', 'gd_live_two', true)]);
    expect(await store.resolve('gd_live_one')).toBe('k1');
    expect(await store.resolve('gd_live_two')).toBeUndefined();
    expect(await store.resolve('gd_live_three')).toBeUndefined();
    expect(await store.resolve('')).toBeUndefined();
    expect(await store.resolve('x'.repeat(10_000))).toBeUndefined();
  });
});
