import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readIfPresent, readInChunks } from './read-file.js';
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
    await expect(readIfPresent(pathToFileURL(dir))).rejects.toMatchObject({
      code: 'EISDIR',
      path: dir,
    });
  });
});

describe('readInChunks', async () => {
  const dir = await makeTempDir('read-in-chunks');

  it('reads a file of several chunks whole, giving each chunk in order as it is read', async () => {
    const content = randomBytes(20 * 1024 * 1024 + 3);
    const file = join(dir, 'large.bin');
    await writeFile(file, content);
    const chunks: Buffer[] = [];
    const bytes = await readInChunks(file, (chunk) => chunks.push(Buffer.from(chunk)));
    expect(Buffer.from(bytes).equals(content)).toBe(true);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('reads an empty file as no bytes, and throws for a missing one', async () => {
    const file = join(dir, 'empty.bin');
    await writeFile(file, '');
    expect(await readInChunks(file, () => expect.unreachable())).toEqual(new Uint8Array());
    await expect(readInChunks(join(dir, 'absent.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
