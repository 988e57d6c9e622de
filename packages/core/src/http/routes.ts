import type { Hono } from 'hono';
import { LIST_NAMES, type Collection, type Dataset } from '../dataset/dataset.js';
import { ApiError } from '../errors.js';
import { LruCache } from '../lru-cache.js';
import { parseListQuery } from '../query/list-query.js';
import { matchIndexes, selectPage } from '../query/select-page.js';
import type { AppEnv } from './app-env.js';
import { IMAGE_CACHE_CONTROL } from './headers.js';
import { jsonRepresentation, sendRepresentation, type Representation } from './respond.js';

const SPRITE_FILE = /^([A-Za-z0-9._-]+)\.png$/;

/**
 * The data endpoints of spec §4. Every body is derived from the immutable dataset, so serialised
 * responses (and the matches behind them) are cached and reused.
 */
export function registerDataRoutes(app: Hono<AppEnv>, dataset: Dataset): void {
  const { version } = dataset.meta;
  const responses = new LruCache<Representation>(2048);
  const matches = new LruCache<number[]>(256);
  const cached = (key: string, payload: () => unknown) =>
    responses.getOrCreate(key, () => jsonRepresentation(version, payload()));

  for (const list of LIST_NAMES) {
    const collection = dataset[list] as Collection<{ id: string }>;

    app.get(`/v1/${list}`, (c) => {
      const query = parseListQuery(list, c.get('url').searchParams, dataset);
      const key = `${query.canonical}|${query.limit}|${query.after ?? ''}`;
      return sendRepresentation(
        c,
        cached(key, () => {
          const matched = matches.getOrCreate(query.canonical, () => matchIndexes(collection, query));
          const page = selectPage(collection, matched, query, version);
          const meta = { total: page.total, count: page.records.length, ...(page.cursor ? { cursor: page.cursor } : {}) };
          return { data: page.records, meta };
        }),
      );
    });

    app.get(`/v1/${list}/:id`, (c) => {
      const id = c.req.param('id');
      const record = collection.get(id);
      if (!record) throw new ApiError('not_found', `No ${list.replace(/s$/, '')} with id "${id}".`);
      return sendRepresentation(c, cached(`${list}/${id}`, () => ({ data: record })));
    });
  }

  app.get('/v1/stats', (c) =>
    sendRepresentation(
      c,
      cached('stats', () => ({ data: dataset.stats, meta: { total: dataset.stats.length, count: dataset.stats.length } })),
    ),
  );

  app.get('/v1/meta', (c) => sendRepresentation(c, cached('meta', () => ({ data: dataset.meta }))));

  // Sprites come only from the loaded set, looked up by id in a Map: a request path is never joined
  // onto a file path, so `..`, `.env` or `%2e%2e` can only ever be "no such sprite".
  app.get('/v1/img/:file', (c) => {
    const file = c.req.param('file');
    const id = SPRITE_FILE.exec(file)?.[1];
    const sprite = id === undefined ? undefined : dataset.sprites.get(id);
    if (!sprite) throw new ApiError('not_found', `No sprite "${file}".`);
    return sendRepresentation(c, {
      body: sprite.bytes,
      etag: sprite.etag,
      contentType: 'image/png',
      cacheControl: IMAGE_CACHE_CONTROL,
    });
  });
}
