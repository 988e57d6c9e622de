import { crc32 } from '../crc32.js';

/**
 * One PNG chunk, its length and CRC-32 written as the PNG specification says (§5.3), so that a test
 * can assemble a PNG that is wrong in exactly one way.
 */
export function pngChunk(type: string, data: ArrayLike<number> = []): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** A copy of `bytes` with the byte at `index` inverted: a PNG with one bit rot. */
export function flippedByte(
  bytes: Uint8Array<ArrayBuffer>,
  index: number,
): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  copy[index] = (copy[index] as number) ^ 0xff;
  return copy;
}
