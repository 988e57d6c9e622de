import { createHash } from 'node:crypto';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSnapshot } from '@gamedata/core/runtime';
import { publishDataset } from './release/publish.js';
import { germanTranslation, smallExport, writeExport } from './release/test-export.js';
import { readSnapshotFile } from './snapshot-file.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** A published release's snapshot, with translations and bulk files in two languages: its path and bytes. */
async function publishedSnapshot(): Promise<{ path: string; bytes: Buffer }> {
  const releases = await makeTempDir('snapshot-file');
  await publishDataset({
    exportDir: await writeExport({ ...smallExport(), ...germanTranslation() }),
    releasesDir: releases,
    at: new Date('2026-12-01T08:00:00Z'),
  });
  const path = join(releases, '2026-12-01.1', 'dataset.snapshot');
  return { path, bytes: await readFile(path) };
}

describe('readSnapshotFile', () => {
  it('holds the head, gives every byte of the file to onChunk in order, and reads the rest when a section is first used', async () => {
    const { path, bytes } = await publishedSnapshot();
    const hash = createHash('sha256');
    const { head, rest } = await readSnapshotFile(path, (chunk) => hash.update(chunk));
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(head.length).toBe(rest.head.length);
    expect(head.length).toBeLessThan(bytes.length);
    expect(Buffer.from(head).equals(bytes.subarray(0, head.length))).toBe(true);

    const whole = decodeSnapshot(new Uint8Array(bytes));
    const served = decodeSnapshot(head, rest);
    expect(served.lists.items.records).toEqual(whole.lists.items.records);
    expect(served.translations.de).toEqual(whole.translations.de);
    expect(served.translatedBulk?.de?.items!.br).toEqual(whole.translatedBulk?.de?.items!.br);
    expect(served.bulk?.items!.gzip).toEqual(whole.bulk?.items!.gzip);
  });

  it('reads a section from a file only touched since it was loaded, once its SHA-256 is found unchanged', async () => {
    const { path, bytes } = await publishedSnapshot();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const { head, rest } = await readSnapshotFile(path, undefined, sha256);
    const served = decodeSnapshot(head, rest);
    const later = new Date(Date.now() + 60_000);
    await utimes(path, later, later);
    expect(served.translations.de).toEqual(decodeSnapshot(new Uint8Array(bytes)).translations.de);
  });

  it('refuses to read a section from a file whose content changed since it was loaded, or that changed at all when no SHA-256 was given', async () => {
    const { path, bytes } = await publishedSnapshot();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const checked = await readSnapshotFile(path, undefined, sha256);
    const unchecked = await readSnapshotFile(path);
    // The same size, one byte past the head different.
    const edited = Buffer.from(bytes);
    edited.writeUInt8(edited.readUInt8(checked.head.length + 1) ^ 0xff, checked.head.length + 1);
    await writeFile(path, edited);
    expect(() => decodeSnapshot(checked.head, checked.rest).translations.de).toThrow(
      `${path} changed after it was loaded`,
    );
    await writeFile(path, bytes);
    const later = new Date(Date.now() + 60_000);
    await utimes(path, later, later);
    expect(() => decodeSnapshot(unchecked.head, unchecked.rest).translations.de).toThrow(
      `${path} changed after it was loaded`,
    );
  });

  it('reads a file that is not a snapshot to its end for onChunk before saying what is wrong with it', async () => {
    const path = join(await makeTempDir('snapshot-file'), 'dataset.snapshot');
    const text = 'not a snapshot at all, but long enough to read';
    await writeFile(path, text);
    const chunks: Buffer[] = [];
    await expect(
      readSnapshotFile(path, (chunk) => chunks.push(Buffer.from(chunk))),
    ).rejects.toThrow('not a release file');
    expect(Buffer.concat(chunks).toString()).toBe(text);
  });
});
