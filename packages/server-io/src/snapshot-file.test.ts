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
  await publishDataset({ exportDir: await writeExport({ ...smallExport(), ...germanTranslation() }), releasesDir: releases, at: new Date('2026-12-01T08:00:00Z') });
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
    expect(served.items.records).toEqual(whole.items.records);
    expect(served.translations.de).toEqual(whole.translations.de);
    expect(served.translatedBulk?.de?.items.br).toEqual(whole.translatedBulk?.de?.items.br);
    expect(served.bulk?.items.gzip).toEqual(whole.bulk?.items.gzip);
  });

  it('refuses to read a section from a file changed since it was loaded', async () => {
    const { path, bytes } = await publishedSnapshot();
    const { head, rest } = await readSnapshotFile(path);
    const served = decodeSnapshot(head, rest);
    await writeFile(path, bytes);
    const later = new Date(Date.now() + 60_000);
    await utimes(path, later, later);
    expect(() => served.translations.de).toThrow(`${path} changed after it was loaded`);
  });

  it('reads a file that is not a snapshot to its end for onChunk before saying what is wrong with it', async () => {
    const path = join(await makeTempDir('snapshot-file'), 'dataset.snapshot');
    const text = 'not a snapshot at all, but long enough to read';
    await writeFile(path, text);
    const chunks: Buffer[] = [];
    await expect(readSnapshotFile(path, (chunk) => chunks.push(Buffer.from(chunk)))).rejects.toThrow('not a dataset snapshot of this version');
    expect(Buffer.concat(chunks).toString()).toBe(text);
  });
});
