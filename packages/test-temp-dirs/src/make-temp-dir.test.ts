import { access, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from './make-temp-dir.js';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const atTopLevel = await makeTempDir('top');
let inBeforeAll = '';
let inTest = '';

describe('makeTempDir', () => {
  beforeAll(async () => {
    inBeforeAll = await makeTempDir('before-all');
  });

  it('makes a gamedata- directory in the temporary directory', async () => {
    inTest = await makeTempDir('test');
    await writeFile(join(inTest, 'file'), 'x');
    expect(inTest.startsWith(join(tmpdir(), 'gamedata-test-'))).toBe(true);
    expect(process.env['TMPDIR']).toMatch(/gamedata-suite-/);
  });

  // The ones made outside a test go after the file's tests; the suite's leftover check fails the run if not.
  it('removes a directory made in a test once that test has finished, and no other yet', async () => {
    expect(await exists(inTest)).toBe(false);
    expect(await exists(inBeforeAll)).toBe(true);
    expect(await exists(atTopLevel)).toBe(true);
  });
});
