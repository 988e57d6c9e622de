import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../testing/fixture-source.js';
import type { PngHeader } from './png-header.js';
import { imageDataProblem, scanlineLengths, type Inflate } from './png-image-data.js';
import { readPng } from './png.js';

const header = (fields: Partial<PngHeader>): PngHeader => ({
  width: 1,
  height: 1,
  bitDepth: 8,
  colourType: 6,
  interlaced: false,
  ...fields,
});

describe('scanlineLengths', () => {
  it.each<[string, Partial<PngHeader>, number[]]>([
    ['1×1, 8-bit RGBA: a filter byte and 4 bytes', {}, [5]],
    [
      '64×64, 8-bit RGBA, as the demo sprites',
      { width: 64, height: 64 },
      Array<number>(64).fill(1 + 256),
    ],
    ['2×1, 16-bit RGB', { width: 2, colourType: 2, bitDepth: 16 }, [1 + 12]],
    ['5×1, 2-bit indexed: 10 bits take 2 bytes', { width: 5, colourType: 3, bitDepth: 2 }, [1 + 2]],
    [
      '3×2, 1-bit grey: each row packs into one byte',
      { width: 3, height: 2, colourType: 0, bitDepth: 1 },
      [2, 2],
    ],
    [
      '8×8, 8-bit grey, Adam7: 64 pixels in 15 scanlines over seven passes',
      { width: 8, height: 8, colourType: 0, interlaced: true },
      [2, 2, 3, 3, 3, 5, 5, 5, 5, 5, 5, 9, 9, 9, 9],
    ],
    ['1×1, Adam7: only the first pass has a pixel', { interlaced: true }, [5]],
  ])('%s → %j', (_name, fields, expected) =>
    expect(scanlineLengths(header(fields))).toEqual(expected),
  );
});

describe('imageDataProblem', () => {
  const read = readPng(TINY_PNG);
  if (!read.ok) throw new Error(read.problem);
  const idatData = TINY_PNG.subarray(41, 54);

  it.each<[string, Inflate, string | undefined]>([
    ['the 5 bytes a 1×1 RGBA image takes', () => new Uint8Array(5), undefined],
    [
      'a scanline with the last filter type, Paeth',
      () => new Uint8Array([4, 0, 0, 0, 0]),
      undefined,
    ],
    [
      'fewer bytes',
      () => new Uint8Array(4),
      'image data inflates to 4 bytes, and a 1×1 image takes 5',
    ],
    [
      'a scanline with a filter type PNG does not define',
      () => new Uint8Array([5, 0, 0, 0, 0]),
      'scanline 1 has filter type 5, and PNG defines 0 to 4',
    ],
    [
      'a broken stream',
      () => {
        throw new Error('unexpected end of file');
      },
      'image data does not inflate to the 5 bytes of a 1×1 image: unexpected end of file',
    ],
  ])('%s → %s', (_name, inflate, expected) =>
    expect(imageDataProblem(read.png, inflate)).toBe(expected),
  );

  it('inflates the IDAT data, and asks for no more than the image takes', () => {
    const calls: Array<[Uint8Array, number]> = [];
    imageDataProblem(read.png, (data, maxLength) => {
      calls.push([data, maxLength]);
      return new Uint8Array(maxLength);
    });
    expect(calls).toEqual([[idatData, 5]]);
  });
});
