/**
 * The largest width and height of a sprite, in pixels. Sprites are icons and artwork (the demo's are
 * 64 × 64); 2048 × 2048 is 16 MiB of RGBA once decoded, which any client can hold, while a header may
 * claim up to 2³¹ − 1 pixels a side and make every client that decodes it try to allocate terabytes.
 */
export const MAX_SPRITE_DIMENSION = 2048;

/**
 * The longest record id, sprite id or stat key. `ids=` asks for up to 200 records at once, and 200 ids
 * of 64 characters and their commas (13 KB) stay under the 16 KB a URL may take; a sprite id is also a
 * file name, far under any file system's 255 bytes.
 */
export const MAX_ID_LENGTH = 64;

/** The longest name, label, slot, tag or other one-line text: 200 characters is longer than any in-game line. */
export const MAX_SHORT_TEXT_LENGTH = 200;

/**
 * The longest description. Lore fits (the demo's longest is 146 characters), and a list page of 200
 * records that all reach it stays under 2.5 MB even in three-byte UTF-8, well inside the 6 MB an AWS
 * Lambda response may carry; without a limit, one 200 MB description was loaded and served.
 */
export const MAX_DESCRIPTION_LENGTH = 4096;
