import { describe, expect, it } from 'vitest';
import { spriteCacheWarning, suggestSpriteId } from './sprite-cache-warning.js';

describe('spriteCacheWarning', () => {
  it('names the sprites, the cache lifetime images are sent with, and a new id to use', () => {
    expect(
      spriteCacheWarning(['relic.idol.1', 'relic.idol.2'], ['relic.idol.1', 'relic.idol.2']),
    ).toBe(
      [
        'Warning: the images of sprites relic.idol.1, relic.idol.2 changed under ids already served.',
        'Images are sent with cache-control: public, max-age=2592000: browsers and CDNs may keep showing the old image for up to 30 days.',
        "Give a new image a new id (relic.idol.1-v2, say) and point the records' icon at it.",
        '',
      ].join('\n'),
    );
  });
});

describe('suggestSpriteId', () => {
  it.each<[string, string[], string]>([
    ['blade', ['blade'], 'blade-v2'],
    ['blade-v2', ['blade', 'blade-v2'], 'blade-v3'],
    ['blade', ['blade', 'blade-v2'], 'blade-v3'],
  ])('%s among %j → %s, an id no sprite has', (id, taken, suggested) => {
    expect(suggestSpriteId(id, taken)).toBe(suggested);
  });
});
