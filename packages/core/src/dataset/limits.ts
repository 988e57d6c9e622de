const MIB = 1024 * 1024;

/**
 * The largest JSON file of an export. It is read whole into one string before it is parsed, and V8
 * holds no string over 2²⁹ − 24 characters (about 512 MB): a larger file failed with "Invalid string
 * length", naming no file. 256 MiB is half of that, and room enough for the 160 MB items.json of the
 * generator's 100,000-item export (`pnpm bench`).
 */
export const MAX_DATASET_FILE_BYTES = 256 * MIB;

/**
 * The largest sprite. Icons take a few kilobytes (the demo's largest is 5 KB) and 1 MiB holds any
 * artwork up to `MAX_SPRITE_DIMENSION`; every server keeps every sprite in memory, and one image must
 * stay far under the 6 MB an AWS Lambda response may carry.
 */
export const MAX_SPRITE_BYTES = MIB;

/**
 * The largest width and height of a sprite, in pixels. Sprites are icons and artwork (the demo's are
 * 64 × 64); 2048 × 2048 is 16 MiB of RGBA once decoded, which any client can hold, while a header may
 * claim up to 2³¹ − 1 pixels a side and make every client that decodes it try to allocate terabytes.
 */
export const MAX_SPRITE_DIMENSION = 2048;

/**
 * The longest record id, sprite id or stat key: a released game's export has ids of 83 characters. A
 * sprite id is also a file name, far under any file system's 255 bytes. `ids=` of 200 long ids is
 * longer than a request line may be (16 KB here, 8 KB behind CloudFront), a 431: the SDK splits the
 * ids it asks for by length as well as by count.
 */
export const MAX_ID_LENGTH = 128;

/** The longest name, label, slot, tag or other one-line text: 200 characters is longer than any in-game line. */
export const MAX_SHORT_TEXT_LENGTH = 200;

/**
 * The longest description. Lore fits (the demo's longest is 146 characters), and a list page of 200
 * records that all reach it stays under 2.5 MB even in three-byte UTF-8, well inside the 6 MB an AWS
 * Lambda response may carry; without a limit, one 200 MB description was loaded and served.
 */
export const MAX_DESCRIPTION_LENGTH = 4096;

/**
 * The size limit of a file of an export, by its path in the export.
 *
 * @example fileSizeLimit('sprites/axe.png') // MAX_SPRITE_BYTES
 */
export function fileSizeLimit(path: string): number {
  return path.startsWith('sprites/') ? MAX_SPRITE_BYTES : MAX_DATASET_FILE_BYTES;
}

/** What is wrong with a file of `size` bytes, over its `limit`. */
export function tooLargeMessage(size: number, limit: number): string {
  return `${size.toLocaleString('en')} bytes, over the limit of ${limit / MIB} MiB`;
}
