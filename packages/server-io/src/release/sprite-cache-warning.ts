import { IMAGE_CACHE_CONTROL } from '@gamedata/core';

const SECONDS_PER_DAY = 86_400;
/** How long a cache may keep an image, in days, as the images' cache-control says. */
const cachedDays = Number(/max-age=(\d+)/.exec(IMAGE_CACHE_CONTROL)?.[1]) / SECONDS_PER_DAY;

/**
 * A sprite id for a new image that replaces `id`'s: `id-v2`, or the next `-vN` after the one `id` ends
 * with, that no sprite in `taken` has.
 *
 * @example suggestSpriteId('follower.beast.2', ['follower.beast.2']) // 'follower.beast.2-v2'
 */
export function suggestSpriteId(id: string, taken: readonly string[]): string {
  const [, stem = id, n = '1'] = /^(.*)-v(\d+)$/.exec(id) ?? [];
  let next = Number(n) + 1;
  while (taken.includes(`${stem}-v${next}`)) next++;
  return `${stem}-v${next}`;
}

/**
 * What the publish tool says when images changed under sprite ids already served: caches keep the old
 * image under the same URL for as long as images are cached, so a new image should get a new id.
 *
 * @example process.stderr.write(spriteCacheWarning(diff.sprites.changed, [...dataset.sprites.keys()]))
 */
export function spriteCacheWarning(changed: readonly string[], taken: readonly string[]): string {
  const named =
    changed.length === 1
      ? `the image of sprite ${changed[0]} changed under an id`
      : `the images of sprites ${changed.join(', ')} changed under ids`;
  return [
    `Warning: ${named} already served.`,
    `Images are sent with cache-control: ${IMAGE_CACHE_CONTROL}: browsers and CDNs may keep showing the old image for up to ${cachedDays} days.`,
    `Give a new image a new id (${suggestSpriteId(changed[0] ?? '', taken)}, say) and point the records' icon at it.`,
    '',
  ].join('\n');
}
