import { crc32 } from '../crc32.js';
import { readPngHeader, type PngHeader } from './png-header.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Length, type and CRC, each 4 bytes: the smallest chunk (PNG §5.3). */
const CHUNK_OVERHEAD = 12;
/**
 * The chunks every decoder must understand; any other critical chunk makes a PNG undecodable
 * (PNG §5.4).
 */
const KNOWN_CRITICAL_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** A PNG whose every chunk is well formed: its header, and its image data still compressed. */
export interface PngStructure {
  header: PngHeader;
  /** The data of each IDAT chunk, in order: together, one zlib stream (PNG §10.1). */
  imageData: Uint8Array[];
}

interface Chunk {
  type: string;
  data: Uint8Array;
  /** Where the next chunk starts. */
  end: number;
}

/** The chunk at `offset`, or why it cannot be read: cut short, a type that is not four letters, a wrong CRC. */
function readChunk(bytes: Uint8Array, offset: number, number: number): Chunk | string {
  const left = bytes.length - offset;
  if (left < CHUNK_OVERHEAD)
    return `chunk ${number} is cut short: ${left} bytes left, and a chunk takes at least ${CHUNK_OVERHEAD}`;
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, left);
  const length = view.getUint32(0);
  const typeBytes = bytes.subarray(offset + 4, offset + 8);
  // PNG §5.3: a chunk type is four ASCII letters.
  if (!typeBytes.every((byte) => (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a))
    return `chunk ${number} has a type that is not four letters`;
  const type = String.fromCharCode(...typeBytes);
  if (length > left - CHUNK_OVERHEAD)
    return `chunk ${number} (${type}) is cut short: its length is ${length}, and ${left - CHUNK_OVERHEAD} bytes follow`;
  // PNG §5.3: the CRC covers the type and the data, not the length.
  if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(8 + length))
    return `chunk ${number} (${type}) CRC mismatch`;
  return {
    type,
    data: bytes.subarray(offset + 8, offset + 8 + length),
    end: offset + CHUNK_OVERHEAD + length,
  };
}

/**
 * Where a chunk after the first may not stand (PNG §5.6): a second IHDR, a PLTE after the image
 * data, IDAT chunks apart from each other, an IEND with data, a critical chunk no decoder knows.
 */
function placementProblem(chunk: Chunk, previous: string, image: PngStructure): string | undefined {
  const { type } = chunk;
  if (!KNOWN_CRITICAL_CHUNKS.has(type) && type[0] === type[0]?.toUpperCase())
    return 'is a critical chunk no decoder knows';
  if (type === 'IHDR') return 'repeats the header';
  if (type === 'PLTE' && image.imageData.length > 0) return 'comes after the image data';
  if (type === 'IDAT' && image.imageData.length > 0 && previous !== 'IDAT')
    return 'is apart from the other IDAT chunks';
  if (type === 'IEND' && chunk.data.length > 0)
    return `has ${chunk.data.length} bytes of data, and must have none`;
  return undefined;
}

/**
 * Reads a PNG's structure without decoding its pixels (PNG §5): the signature, then every chunk
 * with its length inside the file and its CRC-32 right; IHDR first, with a size and format a
 * decoder accepts; the IDAT chunks together, at least one; a palette where the colour type needs
 * one; IEND last, with nothing after it. Gives the structure, or the first problem, naming the
 * chunk by its position from 1.
 *
 * @example readPng(bytes) // { ok: false, problem: 'chunk 3 (IDAT) CRC mismatch' }
 */
export function readPng(
  bytes: Uint8Array,
): { ok: true; png: PngStructure } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false, problem }) as const;
  if (bytes.length < PNG_SIGNATURE.length || !PNG_SIGNATURE.every((byte, i) => bytes[i] === byte))
    return fail('not a PNG image (no PNG signature)');
  const first = readChunk(bytes, PNG_SIGNATURE.length, 1);
  if (typeof first === 'string') return fail(first);
  if (first.type !== 'IHDR') return fail(`chunk 1 is ${first.type}, and must be IHDR`);
  const header = readPngHeader(first.data);
  if (typeof header === 'string') return fail(`chunk 1 (IHDR): ${header}`);
  const png: PngStructure = { header, imageData: [] };
  let palette = false;
  let previous = first;
  for (let number = 2; previous.type !== 'IEND'; number++) {
    if (previous.end === bytes.length) return fail('no IEND chunk: the file is cut short');
    const chunk = readChunk(bytes, previous.end, number);
    if (typeof chunk === 'string') return fail(chunk);
    const misplaced = placementProblem(chunk, previous.type, png);
    if (misplaced !== undefined) return fail(`chunk ${number} (${chunk.type}) ${misplaced}`);
    if (chunk.type === 'PLTE') palette = true;
    if (chunk.type === 'IDAT') png.imageData.push(chunk.data);
    previous = chunk;
  }
  if (png.imageData.length === 0) return fail('no IDAT chunk: the file has no image data');
  // PNG §11.2.3: an indexed-colour image (colour type 3) is meaningless without its palette.
  if (header.colourType === 3 && !palette)
    return fail('colour type 3 (indexed) without a PLTE chunk');
  if (previous.end < bytes.length) return fail(`${bytes.length - previous.end} bytes after IEND`);
  return { ok: true, png };
}
