import { createApp, type Dataset } from '@gamedata/core';
import { compressBody } from '@gamedata/server-io/compress';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  edgeObjects,
  readRelease,
  sqliteEdgeObjects,
  sqliteFiles,
} from '@gamedata/server-io/release';
import { demo, DEMO_RELEASES_DIR } from '@gamedata/test-support/demo';
import { describe, expect, it } from 'vitest';
import { createHandler, type HandlerOptions } from '../src/handler.js';
import { LAMBDA_CONTEXT } from './support/built-handler.js';
import { EVENT_KINDS, toEvent, toReply, type EventKind } from './support/lambda-events.js';

const EDGE = 'https://d111111abcdef8.cloudfront.net';
const version = demo.meta.version;
const [spriteId, sprite] = [...demo.sprites][0]!;

/** The demo's handler, as index.ts makes it, with the edge and response limit given. */
function handlerFor(
  dataset: Dataset,
  options: Partial<HandlerOptions> = {},
  logged: Array<Record<string, unknown>> = [],
) {
  const app = createApp({ dataset, compress: compressBody, log: () => {} });
  return createHandler(app, {
    datasetVersion: dataset.meta.version,
    datasetLanguage: dataset.language,
    log: (entry) => logged.push(entry),
    logError: () => {},
    ...options,
  });
}

/** One request through the handler, as `kind`'s service would send it and read the result back. */
async function send(
  handler: ReturnType<typeof handlerFor>,
  kind: EventKind,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const result = await handler(
    toEvent(kind, { path, headers, method, sourceIp: '203.0.113.90' }),
    LAMBDA_CONTEXT,
  );
  return { reply: toReply(result), payloadBytes: Buffer.byteLength(JSON.stringify(result)) };
}

/** The objects the edge holds for the demo release, by their path at the edge. */
const atEdge = new Map(
  edgeObjects(demo).map((object) => [object.key.slice('edge'.length), object]),
);

/** The demo release's SQLite file at the edge, in each coding, by its path there. */
const { manifest } = await readRelease(DEMO_RELEASES_DIR);
const sqlite = manifest.sqlite!;
const sqliteBytes = Object.fromEntries(
  await Promise.all(
    sqliteFiles(sqlite).map(
      async (name) =>
        [name, new Uint8Array(await readFile(join(DEMO_RELEASES_DIR, version, name)))] as const,
    ),
  ),
);
for (const object of sqliteEdgeObjects(version, sqlite, sqliteBytes))
  atEdge.set(object.key.slice('edge'.length), object);

const CODINGS = [
  {
    label: 'identity (no Accept-Encoding)',
    acceptEncoding: undefined,
    suffix: '',
    coding: undefined,
  },
  { label: 'gzip', acceptEncoding: 'gzip', suffix: '.gz', coding: 'gzip' },
  { label: 'br', acceptEncoding: 'gzip, deflate, br', suffix: '.br', coding: 'br' },
] as const;

describe.each(EVENT_KINDS)('with GAMEDATA_EDGE_URL, through $label', ({ kind }) => {
  const handler = handlerFor(demo, { edge: { edgeUrl: EDGE, cloudFrontServesFiles: false } });

  it.each(CODINGS)(
    'redirects a bulk file asked for as $label to its copy at the edge in that coding',
    async ({ acceptEncoding, suffix, coding }) => {
      for (const path of ['/v1/bulk/items.json', `/v1/bulk/items.json?version=${version}`]) {
        const { reply } = await send(
          handler,
          kind,
          path,
          acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        );
        const edgePath = `/v1/files/${version}/bulk/items.json${suffix}`;
        expect(reply.status, path).toBe(307);
        expect(reply.headers.get('location')).toBe(`${EDGE}${edgePath}`);
        // What is there: the file in the coding the request would have been answered in.
        expect(atEdge.get(edgePath)?.contentEncoding).toBe(coding);
        expect(reply.bytes.byteLength).toBe(0);
        expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
        expect(reply.headers.get('vary')).toContain('accept-encoding');
        expect(reply.headers.get('access-control-allow-origin')).toBe('*');
        expect(reply.headers.get('x-dataset-version')).toBe(version);
        // The request was counted like any other of the caller's tier.
        expect(reply.headers.get('ratelimit-limit')).toBe('60');
        expect(reply.headers.get('content-encoding')).toBeNull();
        expect(reply.headers.get('etag')).toBeNull();
      }
    },
  );

  it.each(CODINGS)(
    "redirects a translated bulk file asked for as $label to its language's copy at the edge in that coding",
    async ({ acceptEncoding, suffix, coding }) => {
      for (const [collection, query, language] of [
        ['items', `version=${version}&lang=de`, 'de'],
        ['stats', 'lang=ES', 'es'],
        ['relics', `lang=fr&version=${version}`, 'fr'],
      ] as const) {
        const path = `/v1/bulk/${collection}.json?${query}`;
        const { reply } = await send(
          handler,
          kind,
          path,
          acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        );
        const edgePath = `/v1/files/${version}/bulk/${language}/${collection}.json${suffix}`;
        expect([reply.status, reply.headers.get('location')], path).toEqual([
          307,
          `${EDGE}${edgePath}`,
        ]);
        // What is there: that language's file, in the coding the request would have been answered in.
        const object = atEdge.get(edgePath);
        expect([object?.contentEncoding, object?.contentLanguage, object?.etag], path).toEqual([
          coding,
          language,
          `"${demo.translatedBulk?.[language]?.[collection]?.sha256}"`,
        ]);
        expect(reply.headers.get('vary')).toBe('accept-encoding, authorization');
      }
      // The default language, named or not, is the file without a language in its path.
      for (const path of [
        '/v1/bulk/items.json?lang=en',
        '/v1/bulk/items.json?lang=EN',
        '/v1/bulk/items.json?lang=',
      ]) {
        expect(
          (
            await send(
              handler,
              kind,
              path,
              acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
            )
          ).reply.headers.get('location'),
          path,
        ).toBe(`${EDGE}/v1/files/${version}/bulk/items.json${suffix}`);
      }
    },
  );

  it.each(CODINGS)(
    'redirects the SQLite file asked for as $label, by either of its names, to its copy at the edge in that coding',
    async ({ acceptEncoding, suffix, coding }) => {
      for (const path of ['/v1/sqlite/gamedata.sqlite', `/v1/sqlite/${sqlite.file}`]) {
        const { reply } = await send(
          handler,
          kind,
          path,
          acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        );
        const edgePath = `/v1/files/${version}/${sqlite.file}${suffix}`;
        expect([reply.status, reply.headers.get('location')], path).toEqual([
          307,
          `${EDGE}${edgePath}`,
        ]);
        const object = atEdge.get(edgePath);
        expect([object?.contentEncoding, object?.contentType, object?.etag]).toEqual([
          coding,
          'application/vnd.sqlite3',
          // The etag the API answers that form with: each coding a representation of its own.
          coding ? `"${sqlite.sha256}-${coding}"` : `"${sqlite.sha256}"`,
        ]);
        expect(reply.bytes.byteLength).toBe(0);
      }
    },
  );

  it('redirects a range of the SQLite file to the file as it is at the edge, where the client asks for the range again', async () => {
    const { reply } = await send(handler, kind, `/v1/sqlite/${sqlite.file}`, {
      range: 'bytes=0-1023',
      'accept-encoding': 'br',
    });
    expect([reply.status, reply.headers.get('location')]).toEqual([
      307,
      `${EDGE}/v1/files/${version}/${sqlite.file}`,
    ]);
    expect(reply.headers.get('content-range')).toBeNull();
  });

  it('leaves a bulk file in a language the release lacks to the app: its 400', async () => {
    const { reply } = await send(handler, kind, '/v1/bulk/items.json?lang=xx');
    expect([reply.status, reply.headers.get('location')]).toEqual([400, null]);
    expect(reply.json<{ error: { code: string } }>().error.code).toBe('bad_request');
  });

  it('redirects a HEAD too, and leaves what is not a current bulk file to the app', async () => {
    expect(
      (await send(handler, kind, '/v1/bulk/stats.json', {}, 'HEAD')).reply.headers.get('location'),
    ).toBe(`${EDGE}/v1/files/${version}/bulk/stats.json`);
    expect(
      (await send(handler, kind, '/v1/bulk/items.json?version=2020-01-01.1')).reply.status,
    ).toBe(404);
    expect((await send(handler, kind, '/v1/bulk/nothing.json')).reply.status).toBe(404);
    const index = await send(handler, kind, '/v1/bulk');
    // The index keeps listing the API's own URLs, which redirect.
    expect(
      index.reply.json<{ data: Array<{ url: string }> }>().data.map(({ url }) => url),
    ).toContain(`/v1/bulk/items.json?version=${version}`);
    const image = await send(handler, kind, `/v1/img/${spriteId}.png`);
    expect([image.reply.status, image.reply.headers.get('content-type')]).toEqual([
      200,
      'image/png',
    ]);
  });
});

describe.each(EVENT_KINDS)('answers too large for the function, through $label', ({ kind }) => {
  const items = demo.bulk!.items;
  // Between the br file and the plain one: the compressed forms fit, the plain one does not.
  const limit = Math.ceil((items!.bytes + items!.gzip.byteLength) / 2);

  it('without an edge: the contract error naming the fix, within the limit, and a log line; what fits is served', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const handler = handlerFor(demo, { responseLimit: limit }, logged);
    const { reply, payloadBytes } = await send(handler, kind, '/v1/bulk/items.json');
    expect(reply.status).toBe(500);
    expect(reply.json()).toEqual({
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /larger than this deployment can return.*Accept-Encoding: br, gzip.*GAMEDATA_EDGE_URL/,
        ),
      },
    });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('ratelimit-remaining')).not.toBeNull();
    expect(payloadBytes).toBeLessThanOrEqual(limit);
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'answer too large for the function; answered 500',
        path: '/v1/bulk/items.json',
        bytes: items!.bytes,
        limit,
      }),
    ]);

    const gzip = await send(handler, kind, '/v1/bulk/items.json', { 'accept-encoding': 'gzip' });
    expect([gzip.reply.status, gzip.reply.headers.get('content-encoding')]).toEqual([200, 'gzip']);
    expect(gzip.payloadBytes).toBeLessThanOrEqual(limit);
    // A HEAD carries no body: it fits.
    expect((await send(handler, kind, '/v1/bulk/items.json', {}, 'HEAD')).reply.status).toBe(200);
  });

  it('with an edge, a sprite too large to return is a redirect to its copy there; without one, the error', async () => {
    const small = Math.floor((sprite.bytes.byteLength * 4) / 3);
    const redirected = await send(
      handlerFor(demo, {
        edge: { edgeUrl: EDGE, cloudFrontServesFiles: false },
        responseLimit: small,
      }),
      kind,
      `/v1/img/${spriteId}.png`,
    );
    expect([redirected.reply.status, redirected.reply.headers.get('location')]).toEqual([
      307,
      `${EDGE}/v1/img/${spriteId}.png`,
    ]);
    expect(atEdge.get(`/v1/img/${spriteId}.png`)?.etag).toBe(sprite.etag);
    const refused = await send(
      handlerFor(demo, { responseLimit: small }),
      kind,
      `/v1/img/${spriteId}.png`,
    );
    expect(refused.reply.status).toBe(500);
    expect(refused.reply.json<{ error: { message: string } }>().error.message).not.toContain(
      'Accept-Encoding',
    );
  });
});

describe.each(EVENT_KINDS)(
  "through the stack's CloudFront, which serves the files itself, by $label",
  ({ kind }) => {
    const originSecret = { header: 'x-origin-verify', secret: 'a-secret-of-sixteen-or-more' };
    const viaCloudFront = {
      'x-origin-verify': originSecret.secret,
      'cloudfront-viewer-address': '198.51.100.10:46532',
    };

    it('sends a request that carries the origin secret to the same path on the host it asked; a direct call to the edge URL, when there is one', async () => {
      const handler = handlerFor(demo, { originSecret, edge: { cloudFrontServesFiles: true } });
      const through = await send(handler, kind, '/v1/bulk/items.json', {
        ...viaCloudFront,
        'accept-encoding': 'br',
      });
      expect([through.reply.status, through.reply.headers.get('location')]).toEqual([
        307,
        `/v1/files/${version}/bulk/items.json.br`,
      ]);
      // Without the secret, the request did not come through that CloudFront: with no edge URL, the app answers.
      const direct = await send(handler, kind, '/v1/bulk/items.json', {
        'x-origin-verify': 'a-guessed-secret-value',
        'accept-encoding': 'br',
      });
      expect([direct.reply.status, direct.reply.headers.get('content-encoding')]).toEqual([
        200,
        'br',
      ]);
      // A sprite too large, asked of the function by CloudFront because the bucket lacks it: sent back to
      // the same path, it would come back here. The error instead.
      const small = handlerFor(demo, {
        originSecret,
        edge: { cloudFrontServesFiles: true },
        responseLimit: Math.floor((sprite.bytes.byteLength * 4) / 3),
      });
      expect((await send(small, kind, `/v1/img/${spriteId}.png`, viaCloudFront)).reply.status).toBe(
        500,
      );
      const withUrl = handlerFor(demo, {
        originSecret,
        edge: { cloudFrontServesFiles: true, edgeUrl: EDGE },
      });
      expect((await send(withUrl, kind, '/v1/bulk/items.json')).reply.headers.get('location')).toBe(
        `${EDGE}/v1/files/${version}/bulk/items.json`,
      );
    });
  },
);
