import { concatBytes } from '../json-bytes.js';
import type { PngHeader } from './png-header.js';
import type { PngStructure } from './png.js';

/**
 * A zlib inflate (RFC 1950) that the platform provides, such as node:zlib's `inflateSync`: core has
 * none of its own. It throws when the stream is broken or would inflate to more than `maxLength`
 * bytes, so that a small file cannot make the loader hold gigabytes.
 */
export type Inflate = (data: Uint8Array, maxLength: number) => Uint8Array;

/** Samples per pixel of each colour type (PNG §11.2.2, Table 11.1). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's seven passes: the first column and row of each, and the step between them (PNG §8.2). */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The length of each scanline of a PNG's image data, in the order they are stored: a filter-type
 * byte and the row's pixels, packed to a whole byte (PNG §7.2); an interlaced image stores its
 * seven passes one after another, and a pass with no pixels has no scanlines (PNG §8.2).
 *
 * @example scanlineLengths({ width: 1, height: 2, bitDepth: 8, colourType: 6, interlaced: false }) // [5, 5]
 */
export function scanlineLengths(header: PngHeader): number[] {
  const bitsPerPixel = (CHANNELS[header.colourType] ?? 0) * header.bitDepth;
  const passes = header.interlaced ? ADAM7_PASSES : [[0, 0, 1, 1] as const];
  const lengths: number[] = [];
  for (const [x, y, xStep, yStep] of passes) {
    const columns = Math.ceil(Math.max(0, header.width - x) / xStep);
    const rows = Math.ceil(Math.max(0, header.height - y) / yStep);
    if (columns > 0)
      lengths.push(...Array<number>(rows).fill(1 + Math.ceil((columns * bitsPerPixel) / 8)));
  }
  return lengths;
}

/**
 * Why a PNG's image data does not decode to the image its header describes, if it does not: the
 * IDAT stream is broken, inflates to more or fewer bytes than the header's scanlines take, or a
 * scanline names a filter PNG does not define. The chunks' CRCs only prove the bytes are the ones the
 * encoder wrote; with every scanline whole and its filter known, undoing the filters and the
 * interlacing cannot fail, so a decoder can make the image.
 *
 * @example imageDataProblem(png, (data, max) => inflateSync(data, { maxOutputLength: max })) // undefined for a sound image
 */
export function imageDataProblem(png: PngStructure, inflate: Inflate): string | undefined {
  const lengths = scanlineLengths(png.header);
  const expected = lengths.reduce((sum, length) => sum + length, 0);
  const image = `a ${png.header.width}×${png.header.height} image`;
  let inflated: Uint8Array;
  try {
    inflated = inflate(concatBytes(png.imageData), expected);
  } catch (error) {
    return `image data does not inflate to the ${expected} bytes of ${image}: ${(error as Error).message}`;
  }
  if (inflated.length !== expected)
    return `image data inflates to ${inflated.length} bytes, and ${image} takes ${expected}`;
  let offset = 0;
  for (const [index, length] of lengths.entries()) {
    const filter = inflated[offset] as number;
    // PNG §9.2: five filter types, 0 (None) to 4 (Paeth); no decoder can undo another.
    if (filter > 4)
      return `scanline ${index + 1} has filter type ${filter}, and PNG defines 0 to 4`;
    offset += length;
  }
  return undefined;
}
