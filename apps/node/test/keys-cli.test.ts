import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS_CLI, runToExit, spawnServer } from './support/spawn.js';

const keys = (args: string[]) => runToExit({}, args, KEYS_CLI);

describe('the keys CLI', () => {
  it('issues a key (printed alone on stdout), lists it, and the server honours then forgets it once revoked', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'gamedata-cli-')), 'keys.json');
    const issued = await keys(['issue', '--name', 'wiki bot', '--file', file]);
    expect(issued.code).toBe(0);
    const key = issued.stdout.trim();
    expect(issued.stdout).toBe(`${key}\n`);
    expect(key).toMatch(/^gd_[A-Za-z0-9_-]{32}$/);

    const stored = await readFile(file, 'utf8');
    expect(stored).not.toContain(key);
    const [record] = (JSON.parse(stored) as { keys: Array<{ id: string; name: string; revoked: boolean; hash: string }> }).keys;
    expect(record).toMatchObject({ name: 'wiki bot', revoked: false, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const listed = await keys(['list', '--file', file]);
    expect(listed.stdout).toContain(`${record!.id}\twiki bot\t`);
    expect(listed.stdout).toContain('active');

    const before = await spawnServer({ GAMEDATA_KEYS_FILE: file });
    const withKey = await fetch(`${before.url}/v1/meta`, { headers: { authorization: `Bearer ${key}` } });
    expect(withKey.headers.get('ratelimit-limit')).toBe('600');
    before.child.kill('SIGTERM');
    await before.exited;

    expect((await keys(['revoke', record!.id, '--file', file])).code).toBe(0);
    expect((await keys(['list', '--file', file])).stdout).toContain('revoked');
    const after = await spawnServer({ GAMEDATA_KEYS_FILE: file });
    const revoked = await fetch(`${after.url}/v1/meta`, { headers: { authorization: `Bearer ${key}` } });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('ratelimit-limit')).toBe('60');
    after.child.kill('SIGTERM');
    await after.exited;
  });

  it.each([
    [['issue'], 'issue needs --name'],
    [['revoke'], 'revoke needs a key ID'],
    [['revoke', 'key_nope'], 'no key key_nope'],
    [['explode'], 'unknown command'],
  ])('%j fails with a usage message', async (args, message) => {
    const file = join(await mkdtemp(join(tmpdir(), 'gamedata-cli-')), 'keys.json');
    const result = await keys([...args, '--file', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});
