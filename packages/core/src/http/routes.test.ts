import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/document.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { createApp } from './app.js';
import { routerPath } from './route.js';
import { routesOf } from './routes.js';

const dataset = perTest(fixtureDataset);
const ROUTES = routesOf(fixtureDataset().registry);
const paths = perTest(
  () =>
    buildOpenApiDocument(dataset()).paths as Record<
      string,
      Record<string, { operationId: string }>
    >,
);

/** A concrete request path for an OpenAPI path, each parameter filled with a value no route owns. */
const instantiate = (path: string) => path.replace(/\{[^}]+\}/g, 'zz-example');

describe('each route declared once', () => {
  it('the OpenAPI document has exactly the declared paths, in their order', () => {
    expect(Object.keys(paths())).toEqual(ROUTES.map((route) => route.path));
  });

  it('the router answers every documented path with its declared route, not the answer to no route', async () => {
    const app = createApp({ dataset: dataset() });
    const routed = new Set(app.routes.map((route) => route.path));
    for (const route of ROUTES) {
      expect(routed).toContain(routerPath(route.path));
      // A parameter value that names nothing gets the route's own 404 (or its answer), never the
      // generic one: the router took the request.
      const reply = await app.request(instantiate(route.path), {}, { clientIp: '192.0.2.1' });
      const body =
        reply.headers.get('content-type')?.startsWith('application/json') && reply.status === 404
          ? await reply.text()
          : '';
      expect(body, route.path).not.toContain('No such resource.');
    }
    // And the root once more, as `''`: what a parent joins to its prefix with a trailing slash.
    expect(app.routes.map((route) => route.path)).toEqual([
      ...ROUTES.map((route) => routerPath(route.path)),
      '',
    ]);
  });

  it('every documented path item has GET, HEAD and the preflight, as its declaration says', () => {
    for (const route of ROUTES) {
      expect(route.methods).toEqual(['GET', 'HEAD']);
      expect(Object.keys(paths()[route.path] ?? {}).filter((key) => key !== 'parameters')).toEqual([
        'get',
        'head',
        'options',
      ]);
    }
  });

  it('an image request counts against the images tier whatever its file name, as its route declares', async () => {
    const app = createApp({ dataset: dataset() });
    for (const path of ['/v1/img/nothing.png', '/v1/img/nothing.gif']) {
      const reply = await app.request(path, {}, { clientIp: '192.0.2.2' });
      expect([reply.status, reply.headers.get('ratelimit-policy')]).toEqual([
        404,
        '"images";q=1200;w=60',
      ]);
    }
  });
});

describe('routerPath', () => {
  it.each([
    ['/v1/items', '/v1/items'],
    ['/v1/items/{id}', '/v1/items/:id'],
    ['/v1/img/{spriteId}.png', '/v1/img/:spriteId'],
    ['/v1/bulk/{collection}.json', '/v1/bulk/:collection'],
    ['/', '/'],
  ])('%s → %s', (path, expected) => {
    expect(routerPath(path)).toBe(expected);
  });
});
