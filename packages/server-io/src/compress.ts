import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ContentCoding } from '@gamedata/core';

/**
 * Brotli quality 6: within a few percent of the best ratio (quality 11) at about 1/60 of its time
 * (bench/README.md, "Brotli quality of answers"). Each answer is compressed once and then cached,
 * but a search nobody asked before is compressed on its own request, so the time matters.
 */
const BROTLI_QUALITY = 6;

/**
 * Compresses an answer's body for core's `compress` dependency: br (text mode) or gzip (level 6).
 *
 * @example createApp({ dataset, compress: compressBody })
 */
export function compressBody(body: Uint8Array, coding: ContentCoding): Uint8Array<ArrayBuffer> {
  const compressed =
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipSync(body, { level: 6 });
  // A copy of its own: zlib may hand back a view into a larger buffer, which a cache would keep alive.
  return new Uint8Array(compressed);
}
