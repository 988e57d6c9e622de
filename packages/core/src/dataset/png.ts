const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * True when the bytes start like a PNG: the 8-byte signature followed by an IHDR chunk
 * (PNG spec §5.2, §11.2.2). The loader uses it to refuse a sprite that is not a PNG before serving it
 * as `image/png`.
 */
export function looksLikePng(bytes: Uint8Array): boolean {
  if (bytes.length < 33) return false;
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return false;
  const chunkType = String.fromCharCode(...bytes.subarray(12, 16));
  return chunkType === 'IHDR';
}
