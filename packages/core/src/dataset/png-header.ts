import { MAX_SPRITE_DIMENSION } from './limits.js';

/** The fields of a PNG's IHDR chunk that say what its image data holds (PNG §11.2.2). */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** PNG §11.2.2, Table 11.1: the bit depths each colour type allows. */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * An IHDR chunk's data read as a header, or what is wrong with it: its length, a size outside
 * 1…`MAX_SPRITE_DIMENSION`, a bit depth its colour type does not allow, or a method no decoder knows.
 *
 * @example readPngHeader(new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])) // { width: 1, height: 1, bitDepth: 8, colourType: 6, interlaced: false }
 */
export function readPngHeader(data: Uint8Array): PngHeader | string {
  if (data.length !== 13) return `length ${data.length}, not 13`;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const size = { width: view.getUint32(0), height: view.getUint32(4) };
  const [bitDepth = 0, colourType = 0, compression, filter, interlace = 0] = data.subarray(8);
  for (const [name, value] of Object.entries(size)) {
    if (value < 1 || value > MAX_SPRITE_DIMENSION)
      return `${name} ${value} is not between 1 and ${MAX_SPRITE_DIMENSION}`;
  }
  const depths = BIT_DEPTHS[colourType];
  if (depths === undefined) return `colour type ${colourType} does not exist`;
  if (!depths.includes(bitDepth))
    return `bit depth ${bitDepth} is not allowed with colour type ${colourType}`;
  // PNG §10, §9 and §8: deflate, adaptive filtering and Adam7 are the only methods PNG defines.
  if (compression !== 0) return `compression method ${compression} is not 0 (deflate)`;
  if (filter !== 0) return `filter method ${filter} is not 0 (adaptive)`;
  if (interlace > 1) return `interlace method ${interlace} is neither 0 (none) nor 1 (Adam7)`;
  return { ...size, bitDepth, colourType, interlaced: interlace === 1 };
}
