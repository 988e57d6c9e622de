import type { BlockCodec } from '../dataset/record-blocks.js';

/**
 * A stand-in for raw DEFLATE, which core leaves to the runtime: each block written backwards, and
 * read back the same way, so a block read without it reads as nothing valid.
 */
export const testBlockCodec: BlockCodec = {
  deflate: (bytes) => bytes.slice().reverse(),
  inflate: (bytes) => bytes.slice().reverse(),
};
