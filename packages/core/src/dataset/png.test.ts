import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../testing/fixture-source.js';
import { concatBytes } from '../json-bytes.js';
import { flippedByte, pngChunk } from '../testing/png-bytes.js';
import { readPng } from './png.js';
import { readPngHeader } from './png-header.js';

const SIGNATURE = TINY_PNG.subarray(0, 8);
const IHDR = TINY_PNG.subarray(8, 33);
const IDAT = TINY_PNG.subarray(33, 58);
const IEND = TINY_PNG.subarray(58);

interface HeaderFields {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  compression: number;
  filter: number;
  interlace: number;
}

/** An IHDR chunk's 13 bytes: the fixture's 1×1, 8-bit RGBA unless told otherwise. */
function headerData(fields: Partial<HeaderFields> = {}): Uint8Array {
  const {
    width = 1,
    height = 1,
    bitDepth = 8,
    colourType = 6,
    compression = 0,
    filter = 0,
    interlace = 0,
  } = fields;
  const data = new Uint8Array([
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    bitDepth,
    colourType,
    compression,
    filter,
    interlace,
  ]);
  new DataView(data.buffer).setUint32(0, width);
  new DataView(data.buffer).setUint32(4, height);
  return data;
}

describe('readPng', () => {
  it.each<[string, Uint8Array, string | undefined]>([
    ['the fixture: signature, IHDR, IDAT, IEND', TINY_PNG, undefined],
    [
      'an ancillary chunk no decoder needs',
      concatBytes([SIGNATURE, IHDR, pngChunk('tEXt', [0x61, 0, 0x62]), IDAT, IEND]),
      undefined,
    ],
    [
      'image data split over two IDAT chunks',
      concatBytes([
        SIGNATURE,
        IHDR,
        pngChunk('IDAT', IDAT.subarray(8, 14)),
        pngChunk('IDAT', IDAT.subarray(14, 21)),
        IEND,
      ]),
      undefined,
    ],
    [
      'an indexed image with its palette',
      concatBytes([
        SIGNATURE,
        pngChunk('IHDR', headerData({ colourType: 3 })),
        pngChunk('PLTE', [0, 0, 0]),
        IDAT,
        IEND,
      ]),
      undefined,
    ],
    ['nothing', new Uint8Array(), 'not a PNG image (no PNG signature)'],
    [
      'a GIF',
      new TextEncoder().encode('GIF89a'.padEnd(70, '\0')),
      'not a PNG image (no PNG signature)',
    ],
    [
      'the signature alone',
      SIGNATURE,
      'chunk 1 is cut short: 0 bytes left, and a chunk takes at least 12',
    ],
    [
      'cut short at 40 bytes',
      TINY_PNG.subarray(0, 40),
      'chunk 2 is cut short: 7 bytes left, and a chunk takes at least 12',
    ],
    [
      'cut short inside the image data',
      TINY_PNG.subarray(0, 50),
      'chunk 2 (IDAT) is cut short: its length is 13, and 5 bytes follow',
    ],
    ['a CRC byte flipped', flippedByte(TINY_PNG, 57), 'chunk 2 (IDAT) CRC mismatch'],
    ['an image data byte flipped', flippedByte(TINY_PNG, 45), 'chunk 2 (IDAT) CRC mismatch'],
    ['a header byte flipped', flippedByte(TINY_PNG, 20), 'chunk 1 (IHDR) CRC mismatch'],
    [
      'a chunk type that is not letters',
      concatBytes([SIGNATURE, IHDR, pngChunk('ID4T', [1]), IDAT, IEND]),
      'chunk 2 has a type that is not four letters',
    ],
    ['no IEND', TINY_PNG.subarray(0, 58), 'no IEND chunk: the file is cut short'],
    [
      'bytes after IEND',
      concatBytes([TINY_PNG, new TextEncoder().encode('junk')]),
      '4 bytes after IEND',
    ],
    ['a second PNG after IEND', concatBytes([TINY_PNG, TINY_PNG]), '70 bytes after IEND'],
    [
      'IEND with data',
      concatBytes([SIGNATURE, IHDR, IDAT, pngChunk('IEND', [0])]),
      'chunk 3 (IEND) has 1 bytes of data, and must have none',
    ],
    [
      'IDAT before IHDR',
      concatBytes([SIGNATURE, IDAT, IHDR, IEND]),
      'chunk 1 is IDAT, and must be IHDR',
    ],
    [
      'a second IHDR',
      concatBytes([SIGNATURE, IHDR, IHDR, IDAT, IEND]),
      'chunk 2 (IHDR) repeats the header',
    ],
    ['no IDAT', concatBytes([SIGNATURE, IHDR, IEND]), 'no IDAT chunk: the file has no image data'],
    [
      'IDAT chunks apart',
      concatBytes([SIGNATURE, IHDR, IDAT, pngChunk('tEXt', [0x61, 0, 0x62]), IDAT, IEND]),
      'chunk 4 (IDAT) is apart from the other IDAT chunks',
    ],
    [
      'a critical chunk no decoder knows',
      concatBytes([SIGNATURE, IHDR, pngChunk('ZZZZ', [1]), IDAT, IEND]),
      'chunk 2 (ZZZZ) is a critical chunk no decoder knows',
    ],
    [
      'a palette after the image data',
      concatBytes([SIGNATURE, IHDR, IDAT, pngChunk('PLTE', [0, 0, 0]), IEND]),
      'chunk 3 (PLTE) comes after the image data',
    ],
    [
      'an indexed image without a palette',
      concatBytes([SIGNATURE, pngChunk('IHDR', headerData({ colourType: 3 })), IDAT, IEND]),
      'colour type 3 (indexed) without a PLTE chunk',
    ],
    [
      'a header the decoder refuses',
      concatBytes([SIGNATURE, pngChunk('IHDR', headerData({ width: 0 })), IDAT, IEND]),
      'chunk 1 (IHDR): width 0 is not between 1 and 2048',
    ],
  ])('%s → %s', (_name, bytes, expected) => {
    const result = readPng(bytes);
    expect(result.ok ? undefined : result.problem).toBe(expected);
  });

  it('gives the header and the image data of every IDAT chunk', () => {
    const split = concatBytes([
      SIGNATURE,
      IHDR,
      pngChunk('IDAT', IDAT.subarray(8, 14)),
      pngChunk('IDAT', IDAT.subarray(14, 21)),
      IEND,
    ]);
    expect(readPng(split)).toEqual({
      ok: true,
      png: {
        header: { width: 1, height: 1, bitDepth: 8, colourType: 6, interlaced: false },
        imageData: [IDAT.subarray(8, 14), IDAT.subarray(14, 21)],
      },
    });
  });
});

describe('readPngHeader', () => {
  it.each<[string, Uint8Array, string | object]>([
    [
      '1×1, 8-bit RGBA',
      headerData(),
      { width: 1, height: 1, bitDepth: 8, colourType: 6, interlaced: false },
    ],
    [
      '2048×2048, 1-bit grey, interlaced',
      headerData({ width: 2048, height: 2048, bitDepth: 1, colourType: 0, interlace: 1 }),
      { width: 2048, height: 2048, bitDepth: 1, colourType: 0, interlaced: true },
    ],
    [
      '16-bit grey and alpha',
      headerData({ bitDepth: 16, colourType: 4 }),
      { bitDepth: 16, colourType: 4 },
    ],
    ['a byte short', headerData().subarray(0, 12), 'length 12, not 13'],
    ['zero wide', headerData({ width: 0 }), 'width 0 is not between 1 and 2048'],
    ['too tall', headerData({ height: 2049 }), 'height 2049 is not between 1 and 2048'],
    [
      'as wide as the field allows',
      headerData({ width: 0xffffffff }),
      'width 4294967295 is not between 1 and 2048',
    ],
    ['colour type 5', headerData({ colourType: 5 }), 'colour type 5 does not exist'],
    [
      '16-bit indexed',
      headerData({ bitDepth: 16, colourType: 3 }),
      'bit depth 16 is not allowed with colour type 3',
    ],
    [
      '4-bit truecolour',
      headerData({ bitDepth: 4, colourType: 2 }),
      'bit depth 4 is not allowed with colour type 2',
    ],
    [
      'bit depth 3',
      headerData({ bitDepth: 3, colourType: 0 }),
      'bit depth 3 is not allowed with colour type 0',
    ],
    [
      'compression method 1',
      headerData({ compression: 1 }),
      'compression method 1 is not 0 (deflate)',
    ],
    ['filter method 1', headerData({ filter: 1 }), 'filter method 1 is not 0 (adaptive)'],
    [
      'interlace method 2',
      headerData({ interlace: 2 }),
      'interlace method 2 is neither 0 (none) nor 1 (Adam7)',
    ],
  ])('%s → %j', (_name, data, expected) => {
    const header = readPngHeader(data);
    if (typeof expected === 'string') expect(header).toBe(expected);
    else expect(header).toMatchObject(expected);
  });
});
