/** The byte-at-a-time table of the reflected polynomial 0xEDB88320 (IEEE 802.3). */
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/**
 * CRC-32 (IEEE 802.3, as in zlib and PNG) of some bytes; with `previous`, the CRC-32 of the bytes
 * that gave it followed by these. Written out rather than taken from the platform: `node:zlib` has
 * one only from Node 20.15, and core runs where there is no `node:zlib`.
 *
 * @example crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  // A typed table and an indexed loop: release files checksum every section they write and read.
  let crc = ~previous;
  for (let at = 0; at < bytes.length; at++)
    crc = (CRC_TABLE[(crc ^ (bytes[at] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
