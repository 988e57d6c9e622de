// `/v1/changes.atom` read as a feed reader reads it: parsed by a maintained feed parser, its links
// resolved against the feed's own URL and followed, and checked against the Atom rules a validator
// applies (RFC 4287: one id, title and updated per feed and entry, ids stable, `updated` the newest).
import { parseFeed } from '@rowanmanning/feed-parser';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { demo } from '../../test-support/src/demo.js';
import { releaseSummary } from '../src/feed/atom-feed.js';
import { createApp } from '../src/http/app.js';
import type { ReleaseChange } from '../src/schemas/records.js';

const ORIGIN = 'http://api.test';
const request = (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${ORIGIN}${path}`, { headers }), { clientIp: '203.0.113.40' });

async function readFeed(app: Hono, path = '/v1/changes.atom') {
  const response = await request(app, path);
  const text = await response.text();
  return { response, text, feed: parseFeed(text) };
}

describe('/v1/changes.atom', () => {
  const { changes } = demo.history;
  // The demo's releases directory served each of its releases; newest first, as the feed lists them.
  const served = [...(demo.history.served?.releases ?? [])].reverse();

  it('is an Atom document with one entry per release served, the first included, newest first', async () => {
    const { response, feed } = await readFeed(createApp({ dataset: demo }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(feed.meta.type).toBe('atom');
    expect(changes.length).toBeGreaterThan(1);
    expect(served.map((release) => release.version)).toEqual([
      ...changes.map((change) => change.version).reverse(),
      demo.history.base,
    ]);
    expect(feed.items.map((item) => item.title)).toEqual(
      served.map((release) => `Release ${release.version}`),
    );
    expect(feed.items.map((item) => item.published?.toISOString())).toEqual(
      served.map((release) => new Date(release.published).toISOString()),
    );
    expect(feed.items.at(-1)?.description).toBe('The first release.');
  });

  it('without a releases directory, lists the releases the current one descends from', async () => {
    const { served: _served, ...ancestry } = demo.history;
    const { feed } = await readFeed(createApp({ dataset: { ...demo, history: ancestry } }));
    expect(feed.items.map((item) => item.title)).toEqual(
      changes.map((change) => `Release ${change.version}`).reverse(),
    );
  });

  it('says when it was last updated: the newest release', async () => {
    const { feed, text } = await readFeed(createApp({ dataset: demo }));
    const newest = changes.at(-1) as ReleaseChange;
    expect(feed.updated?.toISOString()).toBe(new Date(newest.published).toISOString());
    // Every entry and the feed itself carry exactly one id, title and updated (RFC 4287 §4.1.1, §4.1.2).
    const entries = text.split('<entry>').slice(1);
    for (const part of [text.split('<entry>')[0] as string, ...entries]) {
      for (const element of ['id', 'title', 'updated'])
        expect(part.match(new RegExp(`<${element}>`, 'g'))?.length, element).toBe(1);
    }
    expect(feed.authors.length).toBe(1);
  });

  it('keeps its ids across requests and servers, and gives each release its own', async () => {
    const first = await readFeed(createApp({ dataset: demo }));
    const again = await readFeed(createApp({ dataset: demo }));
    const ids = first.feed.items.map((item) => item.id);
    expect(again.feed.items.map((item) => item.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    expect(again.text).toBe(first.text);
  });

  it('links each entry to what that release changed, as /v1/changes answers it', async () => {
    const app = createApp({ dataset: demo });
    const feedUrl = `${ORIGIN}/v1/changes.atom`;
    const { feed } = await readFeed(app);
    for (const [index, item] of feed.items.entries()) {
      const link = new URL(item.url as string, feedUrl);
      expect(link.pathname).toBe('/v1/changes');
      const answer = (await (await request(app, link.pathname + link.search)).json()) as {
        data: ReleaseChange[];
      };
      // A release's entry links to the changes from the one before it, which list it first; the
      // first release's, to the changes since itself.
      const release = served[index]?.version;
      expect(answer.data[0]?.version).toBe(
        release === demo.history.base ? changes[0]?.version : release,
      );
    }
    expect(new URL(feed.self as string, feedUrl).href).toBe(feedUrl);
  });

  it('sums up each release per collection with counts and the first names', async () => {
    const { feed } = await readFeed(createApp({ dataset: demo }));
    for (const [index, item] of feed.items.entries()) {
      const change = served[index]?.change;
      if (!change) continue;
      const summary = item.description as string;
      for (const [collection, kinds] of Object.entries(change.collections)) {
        for (const kind of ['added', 'changed', 'removed'] as const) {
          const ids = kinds[kind];
          if (ids.length === 0) continue;
          expect(summary).toContain(`${collection}: `);
          expect(summary).toContain(`${ids.length} ${kind} (`);
          const first = ids[0] as string;
          const name =
            collection === 'stats'
              ? demo.stats.find((stat) => stat.key === first)?.name
              : demo.lists[collection]?.get(first)?.name;
          expect(summary).toContain(name ?? first);
        }
      }
    }
  });

  it('counts each language whose translations a release changed, in one line', async () => {
    const { feed } = await readFeed(createApp({ dataset: demo }));
    for (const [index, item] of feed.items.entries()) {
      const change = served[index]?.change;
      if (!change) continue;
      const languages = Object.entries(change.translations);
      expect(languages.length).toBeGreaterThan(0);
      const line = (item.description as string)
        .split('\n')
        .find((text) => text.startsWith('translations: '));
      const phrases = languages.map(([tag, { collections, rarities }]) => {
        const count = (kind: 'added' | 'changed' | 'removed') =>
          Object.values(collections).reduce((sum, lists) => sum + lists[kind].length, 0);
        const parts = (['added', 'changed', 'removed'] as const)
          .filter((kind) => count(kind) > 0)
          .map((kind) => `${count(kind)} ${kind}`);
        return `${tag} (${[...parts, ...(rarities ? ['rarity names'] : [])].join(', ')})`;
      });
      expect(line).toBe(`translations: ${phrases.join('; ')}`);
    }
  });

  it('says which rarity names changed by language, and a translation-only release is not "Nothing changed."', () => {
    const none = { added: [], changed: [], removed: [] };
    const untouched = { items: none, abilities: none, relics: none, followers: none, stats: none };
    const change: ReleaseChange = {
      version: '2026-12-02.1',
      published: '2026-12-02T08:00:00Z',
      collections: untouched,
      sprites: none,
      translations: {
        de: { collections: untouched, rarities: true },
        fr: {
          collections: {
            ...untouched,
            items: { added: ['a', 'b'], changed: [], removed: ['c'] },
            stats: { ...none, added: ['mgt'] },
          },
          rarities: true,
        },
      },
    };
    expect(releaseSummary(demo, change)).toBe(
      'translations: de (rarity names); fr (3 added, 1 removed, rarity names)',
    );
    expect(releaseSummary(demo, { ...change, translations: {} })).toBe('Nothing changed.');
  });

  it('answers like every other answer: an etag, a 304 for it, the JSON lifetime, CORS', async () => {
    const app = createApp({ dataset: demo });
    const { response } = await readFeed(app);
    const etag = response.headers.get('etag') as string;
    expect(etag).toMatch(new RegExp(`^W/"${demo.meta.version}-`));
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('ratelimit-limit')).toBe('60');
    const again = await request(app, '/v1/changes.atom', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('serves the same document under a path prefix, its relative links landing under it', async () => {
    const parent = new Hono().route('/gamedata', createApp({ dataset: demo }));
    const root = await readFeed(createApp({ dataset: demo }));
    const mounted = await readFeed(parent, '/gamedata/v1/changes.atom');
    expect(mounted.text).toBe(root.text);
    const link = new URL(
      mounted.feed.items[0]?.url as string,
      `${ORIGIN}/gamedata/v1/changes.atom`,
    );
    expect((await request(parent, link.pathname + link.search)).status).toBe(200);
    expect(new URL(mounted.feed.url as string, `${ORIGIN}/gamedata/v1/changes.atom`).pathname).toBe(
      '/gamedata/docs',
    );
  });
});
