/**
 * The tables of the reflected polynomial 0xEDB88320 (IEEE 802.3): `[0]` byte at a time, `[1..3]` for
 * the bytes after it in a word, so that four bytes cost one step ("slicing by four").
 */
const TABLES = (() => {
  const tables = Array.from({ length: 4 }, () => new Int32Array(256));
  const [first] = tables as [Int32Array];
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    first[n] = c;
  }
  for (let n = 0; n < 256; n++)
    for (let t = 1; t < 4; t++) {
      const previous = (tables[t - 1] as Int32Array)[n] as number;
      (tables[t] as Int32Array)[n] = (first[previous & 0xff] as number) ^ (previous >>> 8);
    }
  return tables as [Int32Array, Int32Array, Int32Array, Int32Array];
})();

/**
 * CRC-32 (IEEE 802.3, as in zlib and PNG) of some bytes; with `previous`, the CRC-32 of the bytes
 * that gave it followed by these. Written out rather than taken from the platform: `node:zlib` has
 * one only from Node 20.15, and core runs where there is no `node:zlib`. Four bytes a step: release
 * files checksum every section they write and read, a 13 MB header at every start.
 *
 * @example crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  const [t0, t1, t2, t3] = TABLES;
  let crc = ~previous;
  let at = 0;
  for (const end = bytes.length - 3; at < end; at += 4) {
    crc ^=
      (bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24);
    crc =
      (t3[crc & 0xff] as number) ^
      (t2[(crc >>> 8) & 0xff] as number) ^
      (t1[(crc >>> 16) & 0xff] as number) ^
      (t0[crc >>> 24] as number);
  }
  for (; at < bytes.length; at++)
    crc = (t0[(crc ^ (bytes[at] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
