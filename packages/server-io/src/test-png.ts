import { crc32, deflateSync } from 'node:zlib';

/** One chunk: length, type, data, and the CRC-32 of type and data (PNG §5.3). */
function chunk(type: string, data: Uint8Array): Buffer {
  const bytes = Buffer.alloc(12 + data.length);
  bytes.writeUInt32BE(data.length, 0);
  bytes.write(type, 4, 'latin1');
  bytes.set(data, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length);
  return bytes;
}

/**
 * A whole PNG for tests, written by hand: `width` × `height` 8-bit RGBA pixels, all opaque orange.
 * `scanlines` replaces the bytes its IDAT compresses, for an image whose data does not fit its header.
 */
export function testPng(
  options: { width?: number; height?: number; scanlines?: Uint8Array } = {},
): Uint8Array<ArrayBuffer> {
  const { width = 1, height = 1 } = options;
  const row = [0, ...Array.from({ length: width }, () => [0xff, 0xb4, 0x00, 0xff]).flat()];
  const scanlines =
    options.scanlines ?? new Uint8Array(Array.from({ length: height }, () => row).flat());
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(scanlines)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}
