import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishDataset } from './publish.js';
import type { ContentHashes } from './content-hashes.js';
import {
  nextVersion,
  pointCurrent,
  readRelease,
  RELEASE_FILES,
  type ReleaseManifest,
} from './release-store.js';
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
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: new Date('2026-12-01T08:00:00Z'),
    });
    return dir;
  }

  it('refuses a snapshot changed or cut short after publishing, naming it', async () => {
    const dir = await published();
    const path = join(dir, '2026-12-01.1', RELEASE_FILES.snapshot);
    const snapshot = await readFile(path);
    await writeFile(
      path,
      Buffer.from(snapshot.toString('latin1').replace('Ember Blade', 'Ember Bla!e'), 'latin1'),
    );
    await expect(readRelease(dir)).rejects.toThrow(
      'dataset.snapshot: content does not match the SHA-256 in manifest.json',
    );
    await writeFile(path, snapshot.subarray(0, snapshot.length - 1));
    await expect(readRelease(dir)).rejects.toThrow(
      'dataset.snapshot: content does not match the SHA-256 in manifest.json',
    );
    // Past its head (in the bulk files and translations, which a server reads later): hashed at load all the same.
    const pastHead = Buffer.from(snapshot);
    pastHead.writeUInt8(pastHead.readUInt8(pastHead.length - 1) ^ 0xff, pastHead.length - 1);
    await writeFile(path, pastHead);
    await expect(readRelease(dir)).rejects.toThrow(
      'dataset.snapshot: content does not match the SHA-256 in manifest.json',
    );
  });

  it('reads only the snapshot to serve a release: the diff is a report for the operator', async () => {
    const dir = await published();
    await rm(join(dir, '2026-12-01.1', RELEASE_FILES.diff));
    expect((await readRelease(dir)).dataset.meta.version).toBe('2026-12-01.1');
  });

  it('loads a release without reading its content hashes, which are checked against the manifest when they are read', async () => {
    const dir = await published();
    const path = join(dir, '2026-12-01.1', RELEASE_FILES.hashes);
    const text = await readFile(path, 'utf8');
    const manifest = await readFile(join(dir, '2026-12-01.1', RELEASE_FILES.manifest), 'utf8');
    // The hashes of every record are in their own file: the manifest a server parses stays small.
    expect(JSON.parse(text)).toMatchObject({ collections: { items: { count: 2 } } });
    expect(manifest).not.toContain('"collections"');
    await writeFile(path, text.replace('"count":2', '"count":3'));
    const release = await readRelease(dir);
    expect(release.dataset.meta.version).toBe('2026-12-01.1');
    await expect(release.hashes()).rejects.toThrow(
      'hashes.json: content does not match the SHA-256 in manifest.json',
    );
  });

  it('reads the content hashes of a release published before hashes.json from its manifest', async () => {
    const dir = await published();
    const release = join(dir, '2026-12-01.1');
    const hashes = JSON.parse(
      await readFile(join(release, RELEASE_FILES.hashes), 'utf8'),
    ) as ContentHashes;
    const manifest = JSON.parse(
      await readFile(join(release, RELEASE_FILES.manifest), 'utf8'),
    ) as ReleaseManifest;
    delete manifest.files[RELEASE_FILES.hashes];
    await writeFile(
      join(release, RELEASE_FILES.manifest),
      JSON.stringify({ ...manifest, ...hashes }),
    );
    await rm(join(release, RELEASE_FILES.hashes));
    expect(await (await readRelease(dir)).hashes()).toEqual(hashes);
    // A release published on top of it compares with it as with any other.
    const changed = smallExport();
    changed['items.json'][0]!.name = 'Ember Edge';
    const next = await publishDataset({
      exportDir: await writeExport(changed),
      releasesDir: dir,
      at: new Date('2026-12-02T08:00:00Z'),
    });
    expect(next.kind).toBe('published');
    expect((await readRelease(dir)).dataset.history.changes[0]?.collections.items).toEqual({
      added: [],
      changed: ['ember-blade'],
      removed: [],
    });
  });

  it('refuses a manifest that names another version than its directory', async () => {
    const dir = await published();
    const path = join(dir, '2026-12-01.1', 'manifest.json');
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace(
        '"version": "2026-12-01.1"',
        '"version": "2026-12-01.2"',
      ),
    );
    await expect(readRelease(dir)).rejects.toThrow(
      'manifest.json: version is "2026-12-01.2", not the directory\'s "2026-12-01.1"',
    );
  });

  it('refuses a missing release by name, and pointCurrent refuses to point at one', async () => {
    const dir = await published();
    await expect(readRelease(dir, '2026-01-01.1')).rejects.toThrow('no release 2026-01-01.1');
    await expect(pointCurrent(dir, '2026-01-01.1')).rejects.toThrow('no release 2026-01-01.1');
    expect((await readFile(join(dir, 'CURRENT'), 'utf8')).trim()).toBe('2026-12-01.1');
  });
});
