import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@gamedata/test-support/clock';
import { KEYS_CLI, runToExit, spawnServer } from './support/spawn.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const keys = (args: string[]) => runToExit({}, args, KEYS_CLI);

describe('the keys CLI', () => {
  it('issues a key (printed alone on stdout), lists it, and the server honours then forgets it once revoked', async () => {
    const file = join(await makeTempDir('cli'), 'keys.json');
    const issued = await keys(['issue', '--name', 'wiki bot', '--file', file]);
    expect(issued.code).toBe(0);
    const key = issued.stdout.trim();
    expect(issued.stdout).toBe(`${key}\n`);
    expect(key).toMatch(/^gd_[A-Za-z0-9]{36}$/);

    const stored = await readFile(file, 'utf8');
    expect(stored).not.toContain(key);
    const [record] = (
      JSON.parse(stored) as {
        keys: Array<{ id: string; name: string; revoked: boolean; hash: string }>;
      }
    ).keys;
    expect(record).toMatchObject({
      name: 'wiki bot',
      revoked: false,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const exported = await keys(['json', '--file', file]);
    expect(JSON.parse(exported.stdout)).toEqual(JSON.parse(stored));
    expect(exported.stdout.trim()).not.toContain('\n');

    const listed = await keys(['list', '--file', file]);
    expect(listed.stdout).toContain(`${record!.id}\twiki bot\t`);
    expect(listed.stdout).toContain('active');

    const before = await spawnServer({ GAMEDATA_KEYS_FILE: file });
    const withKey = await fetch(`${before.url}/v1/meta`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.headers.get('ratelimit-limit')).toBe('600');
    before.child.kill('SIGTERM');
    await before.exited;

    expect((await keys(['revoke', record!.id, '--file', file])).code).toBe(0);
    expect((await keys(['list', '--file', file])).stdout).toContain('revoked');
    const after = await spawnServer({ GAMEDATA_KEYS_FILE: file });
    const revoked = await fetch(`${after.url}/v1/meta`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('ratelimit-limit')).toBe('60');
    after.child.kill('SIGTERM');
    await after.exited;
  });

  it('a revoked key is anonymous at once after SIGHUP, without a restart', async () => {
    const file = join(await makeTempDir('cli'), 'keys.json');
    const key = (await keys(['issue', '--name', 'bot', '--file', file])).stdout.trim();
    const server = await spawnServer({ GAMEDATA_KEYS_FILE: file });
    try {
      const auth = { authorization: `Bearer ${key}` };
      expect(
        (await fetch(`${server.url}/v1/meta`, { headers: auth })).headers.get('ratelimit-limit'),
      ).toBe('600');
      const [id] = (await keys(['list', '--file', file])).stdout.split('\t');
      await keys(['revoke', id as string, '--file', file]);
      server.child.kill('SIGHUP');
      await waitFor(() => server.output().includes('"msg":"keys reloaded"'));
      expect(
        (await fetch(`${server.url}/v1/meta`, { headers: auth })).headers.get('ratelimit-limit'),
      ).toBe('60');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it.each([[[]], [['--help']]])('%j prints the usage, issue first, and succeeds', async (args) => {
    const result = await keys(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage:\n {2}pnpm keys issue --name NAME/);
    expect(result.stderr).toBe('');
  });

  it.each([
    [['issue'], 'issue needs --name'],
    [['revoke'], 'revoke needs a key ID'],
    [['revoke', 'key_nope'], 'no key key_nope'],
    [['explode'], 'unknown command'],
  ])('%j fails with a usage message', async (args, message) => {
    const file = join(await makeTempDir('cli'), 'keys.json');
    const result = await keys([...args, '--file', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});
