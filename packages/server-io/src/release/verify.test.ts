import { createHash } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { publishDataset } from './publish.js';
import { germanTranslation, smallExport, writeExport } from './test-export.js';
import { verifyRelease } from './verify.js';

const VERSION = '2026-12-01.1';
let published: string;
let sections: Array<{ name: string; offset: number; length: number }>;
let headerEnd: number;

beforeAll(async () => {
  const exportDir = await writeExport({ ...smallExport(), ...germanTranslation() });
  published = await makeTempDir('releases');
  await publishDataset({ exportDir, releasesDir: published, at: new Date(`2026-12-01T08:00:00Z`) });
  const bytes = await readFile(join(published, VERSION, 'dataset.snapshot'));
  headerEnd = 16 + bytes.readUInt32LE(8);
  ({ sections } = JSON.parse(bytes.subarray(16, headerEnd).toString()) as {
    sections: typeof sections;
  });
});

/**
 * A copy of the release with one byte of `at` flipped and its manifest naming the file's new SHA-256:
 * damage that only the release file's own checksums can find.
 */
async function flipped(at: number): Promise<string> {
  const dir = await makeTempDir('releases');
  await cp(published, dir, { recursive: true });
  const file = join(dir, VERSION, 'dataset.snapshot');
  const bytes = await readFile(file);
  bytes[at]! ^= 0x20;
  await writeFile(file, bytes);
  const manifestFile = join(dir, VERSION, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
    files: Record<string, string>;
  };
  manifest.files['dataset.snapshot'] = createHash('sha256').update(bytes).digest('hex');
  await writeFile(manifestFile, JSON.stringify(manifest));
  return dir;
}

describe('verifyRelease', () => {
  it('passes the release as published', async () => {
    expect(await verifyRelease(published)).toMatchObject({ version: VERSION, languages: 2 });
  });

  it('finds a byte flipped in each section of the release file, naming the section', async () => {
    expect(sections.length).toBeGreaterThan(10);
    // A section of no bytes (a list the export leaves empty) has none to flip.
    for (const { name, offset, length } of sections.filter((section) => section.length > 0))
      await expect(
        verifyRelease(await flipped(headerEnd + offset + (length >> 1))),
        name,
      ).rejects.toThrow(`section ${name} is damaged`);
  });

  it('finds a byte flipped in the header', async () => {
    await expect(verifyRelease(await flipped(headerEnd - 5))).rejects.toThrow(
      'its header does not match its CRC-32',
    );
  });

  it('checks the SQLite file: a row altered is refused, naming the file and the check', async () => {
    const dir = await makeTempDir('releases');
    await cp(published, dir, { recursive: true });
    const name = `gamedata-${VERSION}.sqlite`;
    const file = join(dir, VERSION, name);
    const db = new Database(file);
    db.exec(`UPDATE items SET slot = 'feet' WHERE id = 'iron-helm'`);
    db.close();
    const bytes = await readFile(file);
    const manifestFile = join(dir, VERSION, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      files: Record<string, string>;
      sqlite: { bytes: number; sha256: string };
    };
    const hash = createHash('sha256').update(bytes).digest('hex');
    manifest.files[name] = hash;
    manifest.sqlite = { ...manifest.sqlite, bytes: bytes.length, sha256: hash };
    await writeFile(manifestFile, JSON.stringify(manifest));
    await expect(verifyRelease(dir)).rejects.toThrow(
      `${name}: rows: table items holds a row that is not the release's`,
    );
  });

  it('refuses a release without a SQLite file, naming upgrade', async () => {
    const dir = await makeTempDir('releases');
    await cp(published, dir, { recursive: true });
    const manifestFile = join(dir, VERSION, 'manifest.json');
    const { sqlite: _, ...manifest } = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      sqlite: unknown;
    };
    await writeFile(manifestFile, JSON.stringify(manifest));
    await expect(verifyRelease(dir)).rejects.toThrow(
      'manifest.json: the release has no SQLite file (published before them): pnpm publish-dataset upgrade writes it',
    );
  });
});
