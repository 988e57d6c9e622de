import { describe, expect, it } from 'vitest';
import { parseKeyFile } from './key-file.js';
import { generateApiKey } from './key-format.js';
import { hashApiKey } from './key-store.js';

describe('parseKeyFile', () => {
  it('reads a valid key store', async () => {
    const record = {
      id: 'k1',
      name: 'k1',
      created: '2026-11-01T00:00:00Z',
      revoked: false,
      hash: await hashApiKey(generateApiKey()),
    };
    const file = { keys: [record] };
    expect(parseKeyFile(JSON.stringify(file), 'keys.json')).toEqual(file);
  });

  it.each<[string, string | RegExp]>([
    ['{not json', 'keys.json is not JSON'],
    ['{"keys":[{"id":"k"}]}', 'keys.json is not a valid key store'],
    [
      '{"keys":[{"id":"k","name":"k","created":"2026-11-01T00:00:00Z","revoked":false,"hash":"ABC"}]}',
      /must be a lower-case hex SHA-256\n.*at keys\[0\]\.hash/,
    ],
    ['[]', 'keys.json is not a valid key store'],
  ])('%j fails naming its origin', (text, message) => {
    expect(() => parseKeyFile(text, 'keys.json')).toThrow(message);
  });
});
