import { readdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { runToExit } from './support/spawn.js';

/** A port something else is listening on while `use` runs. */
async function withPortInUse<T>(use: (port: number) => Promise<T>): Promise<T> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    return await use((blocker.address() as AddressInfo).port);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
}

// What an operator can fix is said in one line on stderr, naming the setting to change; no stack.
describe('the Node adapter, failing to start', () => {
  it('says the port is in use', async () => {
    await withPortInUse(async (port) => {
      const { code, stderr } = await runToExit({ PORT: String(port), HOST: '127.0.0.1' });
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr: `gamedata: port ${port} is in use (EADDRINUSE); set PORT to another port\n`,
      });
    });
  });

  it('says the metrics port is in use, naming its own setting', async () => {
    await withPortInUse(async (port) => {
      const { code, stderr } = await runToExit({
        HOST: '127.0.0.1',
        GAMEDATA_METRICS_PORT: String(port),
      });
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr: `gamedata: port ${port} is in use (EADDRINUSE); set GAMEDATA_METRICS_PORT to another port\n`,
      });
    });
  });

  it('refuses to serve the metrics on the public port', async () => {
    const { code, stderr } = await runToExit({ PORT: '3999', GAMEDATA_METRICS_PORT: '3999' });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        'gamedata: GAMEDATA_METRICS_PORT must differ from PORT (3999): metrics are never served on the public port\n',
    });
  });

  it.each([
    ['PORT', 'abc', 'gamedata: PORT must be a port number (0 to 65535), got "abc"'],
    [
      'GAMEDATA_CACHE_BYTES',
      '-1',
      'gamedata: GAMEDATA_CACHE_BYTES must be a whole number of at least 1, got "-1"',
    ],
    [
      'GAMEDATA_METRICS_PORT',
      '99999',
      'gamedata: GAMEDATA_METRICS_PORT must be a port number (0 to 65535), got "99999"',
    ],
    [
      'GAMEDATA_FORWARDED_HEADER',
      'via',
      'gamedata: GAMEDATA_FORWARDED_HEADER must be x-forwarded-for or forwarded, got "via"',
    ],
  ])('says which value of %s is wrong', async (name, value, line) => {
    const { code, stderr } = await runToExit({ [name]: value });
    expect({ code, stderr }).toEqual({ code: 1, stderr: `${line}\n` });
  });

  it.each([
    [
      'https://example.org/releases',
      'GAMEDATA_RELEASES_DIR must name a directory or an S3 bucket (s3://bucket/prefix), got the URL "https://example.org/releases": releases at any other URL are not supported',
    ],
    [
      's3://Not_A_Bucket/prefix',
      'GAMEDATA_RELEASES_DIR: "s3://Not_A_Bucket/prefix" does not name an S3 bucket: a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens',
    ],
  ])(
    'refuses GAMEDATA_RELEASES_DIR=%s, which is neither a directory nor a bucket, and creates nothing',
    async (url, line) => {
      const cwd = await makeTempDir('startup');
      const { code, stderr } = await runToExit({ GAMEDATA_RELEASES_DIR: url }, [], undefined, {
        cwd,
      });
      expect({ code, stderr }).toEqual({ code: 1, stderr: `gamedata: ${line}\n` });
      expect(await readdir(cwd)).toEqual([]);
    },
  );

  it('says the releases directory does not exist', async () => {
    const missing = join(await makeTempDir('startup'), 'releases');
    const { code, stderr } = await runToExit({ GAMEDATA_RELEASES_DIR: missing });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: `gamedata: cannot read the releases directory ${missing} (ENOENT); set GAMEDATA_RELEASES_DIR to an existing one\n`,
    });
  });

  it('says the releases directory is a file', async () => {
    const file = join(await makeTempDir('startup'), 'releases');
    await writeFile(file, '');
    const { code, stderr } = await runToExit({ GAMEDATA_RELEASES_DIR: file });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: `gamedata: cannot read the releases directory ${file} (ENOTDIR); set GAMEDATA_RELEASES_DIR to a directory\n`,
    });
  });

  it('says the key file is a directory', async () => {
    const dir = await makeTempDir('startup');
    const { code, stderr } = await runToExit({ GAMEDATA_KEYS_FILE: dir });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: `gamedata: cannot read the key file ${dir} (EISDIR); set GAMEDATA_KEYS_FILE to a file\n`,
    });
  });
});
