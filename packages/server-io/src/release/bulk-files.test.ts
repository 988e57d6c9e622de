import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import * as compressLater from './compress-later.js';
import { smallExport, writeExport } from './test-export.js';

vi.mock('./compress-later.js', async (importOriginal) => {
  const original = await importOriginal<typeof compressLater>();
  return {
    ...original,
    brotliLater: vi.fn(original.brotliLater),
    gzipLater: vi.fn(original.gzipLater),
  };
});
/** The publishing modules loaded afresh, as in a process of their own: nothing compressed yet. */
async function freshProcess() {
  vi.resetModules();
  const { publishDataset } = await import('./publish.js');
  const { readRelease } = await import('./release-store.js');
  const { brotliLater, gzipLater } = await import('./compress-later.js');
  vi.mocked(brotliLater).mockClear();
  vi.mocked(gzipLater).mockClear();
  return { publishDataset, readRelease };
}

const compressions = async () => {
  const { brotliLater, gzipLater } = await import('./compress-later.js');
  return {
    br: vi.mocked(brotliLater).mock.calls.length,
    gzip: vi.mocked(gzipLater).mock.calls.length,
  };
};

describe('bulk files of a release that follows another', () => {
  it('compress only the files whose bytes changed, and reuse the compressed forms of the rest', async () => {
    const { publishDataset, readRelease } = await freshProcess();
    const dir = await makeTempDir('releases');
    const files = smallExport();
    await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: new Date('2026-12-01T08:00:00Z'),
    });
    const first = (await readRelease(dir)).dataset;
    // One per distinct file: items, abilities and stats, and the empty relics and followers once;
    // and the release's SQLite file, which every release compresses anew.
    expect(await compressions()).toEqual({ br: 5, gzip: 5 });

    // In a process of its own, as the next `pnpm publish-dataset` runs: the forms come from the
    // release it follows.
    const next = await freshProcess();
    files['items.json'][0]!.stats![0]!.value = 14;
    await next.publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: new Date('2026-12-01T09:00:00Z'),
    });
    const second = (await next.readRelease(dir)).dataset;
    expect(await compressions()).toEqual({ br: 2, gzip: 2 });
    const items = second.bulk!.items;
    expect(items!.sha256).not.toBe(first.bulk!.items!.sha256);
    expect(Buffer.from(brotliDecompressSync(items!.br)).equals(items!.identity())).toBe(true);
    expect(Buffer.from(gunzipSync(items!.gzip)).equals(items!.identity())).toBe(true);
    expect(second.bulk!.abilities!.br).toEqual(first.bulk!.abilities!.br);
    expect(second.bulk!.abilities!.gzip).toEqual(first.bulk!.abilities!.gzip);
  });

  it('are compressed once per process, whichever location a release goes to', async () => {
    const { publishDataset } = await freshProcess();
    const files = smallExport();
    for (const hour of ['08', '09'])
      await publishDataset({
        exportDir: await writeExport(files),
        releasesDir: await makeTempDir('releases'),
        at: new Date(`2026-12-01T${hour}:00:00Z`),
      });
    // The bulk files once; each release's SQLite file (its own version in it) once each.
    expect(await compressions()).toEqual({ br: 6, gzip: 6 });
  });
});
