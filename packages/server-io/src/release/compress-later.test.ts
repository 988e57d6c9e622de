import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliLater, gzipLater } from './compress-later.js';

/** Text that compresses as a bulk file does, with some bytes that do not. */
const sample = (seed: number) =>
  new TextEncoder().encode(
    JSON.stringify(
      Array.from({ length: 2000 }, (_, i) => ({
        id: `item-${seed}-${i}`,
        noise: randomBytes(8).toString('hex'),
      })),
    ),
  );

describe('compressing on a thread of its own', () => {
  it('gives the bytes zlib gives on the main thread, each job its own, however many are asked at once', async () => {
    const inputs = [sample(1), sample(2), sample(3), new Uint8Array()];
    const params = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 };
    const [gzips, brs] = await Promise.all([
      Promise.all(inputs.map((bytes) => gzipLater(bytes, 9))),
      Promise.all(inputs.map((bytes) => brotliLater(bytes, params))),
    ]);
    for (const [i, bytes] of inputs.entries()) {
      expect(Buffer.from(gzips[i]!).equals(gzipSync(bytes, { level: 9 }))).toBe(true);
      expect(Buffer.from(brs[i]!).equals(brotliCompressSync(bytes, { params }))).toBe(true);
    }
  });

  it('rejects with zlib’s error and goes on with the next job', async () => {
    await expect(gzipLater(sample(4), 42)).rejects.toThrow(/compressing failed: .*level/i);
    const bytes = sample(5);
    expect(Buffer.from(await gzipLater(bytes, 6)).equals(gzipSync(bytes, { level: 6 }))).toBe(true);
  });
});
