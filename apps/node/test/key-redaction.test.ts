import { describe, expect, it } from 'vitest';
import { keyDisguises, keyFragments } from '@gamedata/test-support/key-disguises';
import { TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { rawExchange } from './support/raw-http.js';
import { spawnServer } from './support/spawn.js';

describe('the access log of the real server', () => {
  it('never holds a key, in any of the places a client may put one', async () => {
    const { path } = await writeTestKeyFile();
    const server = await spawnServer({ GAMEDATA_KEYS_FILE: path });
    const port = Number(new URL(server.url).port);
    const disguises = keyDisguises(TEST_KEY);
    try {
      // Raw, so the target reaches the server exactly as written.
      for (const [, target] of disguises)
        await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const requests = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'));
    expect(requests).toHaveLength(disguises.length);
    for (const fragment of keyFragments(TEST_KEY)) expect(server.output()).not.toContain(fragment);
  });
});
