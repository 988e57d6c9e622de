import { inflateSync } from 'node:zlib';
import type { Inflate } from '@gamedata/core';

/**
 * node:zlib's inflate, as `loadDataset` decodes sprites with it. zlib stops at `maxLength` bytes of
 * output (`maxOutputLength`) rather than growing, so that a small sprite whose data inflates to
 * gigabytes costs no more than the image its header describes.
 *
 * @example inflateWithin(deflateSync(Buffer.alloc(5)), 5).length // 5
 */
export const inflateWithin: Inflate = (data, maxLength) => {
  try {
    return inflateSync(data, { maxOutputLength: maxLength });
  } catch (error) {
    // Node's own words, "Cannot create a Buffer larger than …", would leave the operator guessing.
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error(`it inflates to more than ${maxLength} bytes`);
    throw error;
  }
};
