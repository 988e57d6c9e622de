/**
 * The largest width and height of a sprite, in pixels. Sprites are icons and artwork (the demo's are
 * 64 × 64); 2048 × 2048 is 16 MiB of RGBA once decoded, which any client can hold, while a header may
 * claim up to 2³¹ − 1 pixels a side and make every client that decodes it try to allocate terabytes.
 */
export const MAX_SPRITE_DIMENSION = 2048;
