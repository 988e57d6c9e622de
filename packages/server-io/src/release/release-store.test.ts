import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishDataset } from './publish.js';
import { nextVersion, pointCurrent, readRelease } from './release-store.js';
import { smallExport, writeExport } from './test-export.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

describe('nextVersion', () => {
  it('count the releases of the UTC day', () => {
    const at = new Date('2026-12-01T23:30:00-02:00'); // 2026-12-02 01:30 UTC
    expect(nextVersion(at, [])).toBe('2026-12-02.1');
    expect(nextVersion(at, ['2026-12-01.4', '2026-12-02.1', '2026-12-02.9'])).toBe('2026-12-02.10');
  });
});

describe('readRelease', () => {
  async function published() {
    const dir = await makeTempDir('releases');
    await publishDataset({ exportDir: await writeExport(smallExport()), releasesDir: dir, at: new Date('2026-12-01T08:00:00Z') });
    return dir;
  }

  it('refuses a file changed after publishing, naming it', async () => {
    const dir = await published();
    const path = join(dir, '2026-12-01.1', 'diff.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"from":null', '"from":"2026-11-30.1"'));
    await expect(readRelease(dir)).rejects.toThrow('diff.json: content does not match the SHA-256 in manifest.json');
  });

  it('refuses a manifest that names another version than its directory', async () => {
    const dir = await published();
    const path = join(dir, '2026-12-01.1', 'manifest.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"version": "2026-12-01.1"', '"version": "2026-12-01.2"'));
    await expect(readRelease(dir)).rejects.toThrow('manifest.json: version is "2026-12-01.2", not the directory\'s "2026-12-01.1"');
  });

  it('refuses a missing release by name, and pointCurrent refuses to point at one', async () => {
    const dir = await published();
    await expect(readRelease(dir, '2026-01-01.1')).rejects.toThrow('no release 2026-01-01.1');
    await expect(pointCurrent(dir, '2026-01-01.1')).rejects.toThrow('no release 2026-01-01.1');
    expect((await readFile(join(dir, 'CURRENT'), 'utf8')).trim()).toBe('2026-12-01.1');
  });
});
