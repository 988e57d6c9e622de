import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/document.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { curlExample, exampleRequest, sdkExample } from './code-examples.js';
import { listOperations } from './openapi-view.js';

const operations = perTest(() => listOperations(buildOpenApiDocument(fixtureDataset())));
const byId = (id: string) => operations().find((o) => o.operationId === id) ?? (undefined as never);

describe('curlExample', () => {
  it.each<[string, string]>([
    ['/v1/meta', 'curl -i "$GAMEDATA_URL/v1/meta"'],
    ['/v1/items?slot=head&limit=5', 'curl -i "$GAMEDATA_URL/v1/items?slot=head&limit=5"'],
    ['/v1/img/helm.0.png', 'curl -o icon.png "$GAMEDATA_URL/v1/img/helm.0.png"'],
  ])('%s → %s', (request, expected) => expect(curlExample(request)).toBe(expected));
});

describe('exampleRequest', () => {
  it.each<[string, string | undefined, string]>([
    ['listItems', 'GET /v1/items?rarity=legendary&limit=1', '/v1/items?rarity=legendary&limit=1'],
    ['getImage', undefined, '/v1/img/sword.4.png'],
    ['getOpenApiDocument', undefined, '/v1/openapi.json'],
  ])('%s, example %s → %s', (id, summary, expected) =>
    expect(exampleRequest(byId(id), summary)).toBe(expected),
  );
});

describe('sdkExample', () => {
  it.each<[string, string, string | undefined]>([
    [
      'listItems',
      '/v1/items?rarity=legendary&cosmetic=false&limit=1',
      "const page = await gd.items.list({ rarity: 'legendary', cosmetic: false, limit: 1 });",
    ],
    [
      'listAbilities',
      '/v1/abilities?limit=2',
      'const page = await gd.abilities.list({ limit: 2 });',
    ],
    [
      'getRelic',
      '/v1/relics/ember-idol',
      "const record = await gd.relics.get('ember-idol'); // NotFoundError when there is none",
    ],
    ['listStats', '/v1/stats', 'const stats = await gd.stats.list(); // every Stat, unpaginated'],
    ['getMeta', '/v1/meta', 'const meta = await gd.meta();'],
    [
      'listLanguages',
      '/v1/languages',
      'const languages = await gd.languages(); // the default first, with names and coverage',
    ],
    [
      'listBulkFiles',
      '/v1/bulk',
      'const files = await gd.bulk.index(); // version, count, bytes, sha256 and url of each',
    ],
    [
      'getBulkFile',
      '/v1/bulk/items.json',
      "const records = await gd.bulk.download('items'); // every record, typed",
    ],
    [
      'listChanges',
      '/v1/changes?since=2026-11-20.1',
      "const releases = await gd.changes('2026-11-20.1'); // after that version, oldest first",
    ],
    [
      'getImage',
      '/v1/img/sword.4.png',
      "const src = gd.imageUrl('sword.4'); // for <img src>, needs no key",
    ],
    ['getOpenApiDocument', '/v1/openapi.json', undefined],
  ])('%s %s starts with %s', (id, request, firstLine) => {
    expect(sdkExample(byId(id), request)?.split('\n')[0]).toBe(firstLine);
  });

  it('iterates with the filters but without limit or cursor', () => {
    expect(sdkExample(byId('listItems'), '/v1/items?slot=head&limit=5&cursor=abc')).toContain(
      "gd.items.iterate({ slot: 'head' })",
    );
  });
});
