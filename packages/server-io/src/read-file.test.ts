import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readIfPresent } from './read-file.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

describe('readIfPresent', async () => {
  const dir = await makeTempDir('read-file');
  const file = join(dir, 'present.txt');
  await writeFile(file, 'héllo');

  it.each<[string, string | URL, string | undefined]>([
    ['a file, by path', file, 'héllo'],
    ['a file, by file URL', pathToFileURL(file), 'héllo'],
    ['no file: undefined', join(dir, 'absent.txt'), undefined],
    ['no directory either: undefined', join(dir, 'absent', 'file.txt'), undefined],
  ])('%s', async (_name, path, expected) => {
    expect(await readIfPresent(path)).toBe(expected);
  });

  it('throws what is not a missing file, naming the path', async () => {
    await expect(readIfPresent(dir)).rejects.toMatchObject({ code: 'EISDIR', path: dir });
    await expect(readIfPresent(pathToFileURL(dir))).rejects.toMatchObject({ code: 'EISDIR', path: dir });
  });
});
