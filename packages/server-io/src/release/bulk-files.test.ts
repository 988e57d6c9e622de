import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { smallExport, writeExport } from './test-export.js';

vi.mock('node:zlib', async (importOriginal) => {
  const original = await importOriginal<typeof zlib>();
  return {
    ...original,
    brotliCompressSync: vi.fn(original.brotliCompressSync),
    gzipSync: vi.fn(original.gzipSync),
  };
});
// The package's test files share one module graph: the modules that compress are loaded afresh, so
// they see the counting zlib rather than the one an earlier file loaded them with.
vi.resetModules();
const { publishDataset } = await import('./publish.js');
const { readRelease } = await import('./release-store.js');

describe('bulk files of a release that follows another', () => {
  it('compress only the files whose bytes changed, and reuse the compressed forms of the rest', async () => {
    const dir = await makeTempDir('releases');
    const files = smallExport();
    await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: new Date('2026-12-01T08:00:00Z'),
    });
    const first = (await readRelease(dir)).dataset;
    // One file per collection: items, abilities, relics, followers and stats.
    expect(vi.mocked(zlib.brotliCompressSync)).toHaveBeenCalledTimes(5);
    vi.mocked(zlib.brotliCompressSync).mockClear();
    vi.mocked(zlib.gzipSync).mockClear();

    files['items.json'][0]!.stats![0]!.value = 14;
    await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: new Date('2026-12-01T09:00:00Z'),
    });
    const second = (await readRelease(dir)).dataset;
    expect(vi.mocked(zlib.brotliCompressSync)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(zlib.gzipSync)).toHaveBeenCalledTimes(1);
    const items = second.bulk!.items;
    expect(items.sha256).not.toBe(first.bulk!.items.sha256);
    expect(Buffer.from(brotliDecompressSync(items.br)).equals(items.identity())).toBe(true);
    expect(Buffer.from(gunzipSync(items.gzip)).equals(items.identity())).toBe(true);
    expect(second.bulk!.abilities.br).toEqual(first.bulk!.abilities.br);
    expect(second.bulk!.abilities.gzip).toEqual(first.bulk!.abilities.gzip);
  });
});
