import { describe, expect, it } from 'vitest';
import { createApp } from '../http/app.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { buildOpenApiDocument } from './document.js';

type Example = { summary: string; value: unknown };

/** Statuses of the shared responses in components.responses that carry examples. */
const SHARED_STATUS: Record<string, string> = { BadRequest: '400' };

/** Every example of the document, with the status it is documented under. */
function collectExamples(
  value: unknown,
  status = '',
  found: Array<[string, string, Example]> = [],
): Array<[string, string, Example]> {
  if (typeof value !== 'object' || value === null) return found;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'examples' && !Array.isArray(child)) {
      for (const example of Object.values(child as Record<string, Example>))
        found.push([example.summary, status, example]);
    } else {
      collectExamples(child, /^\d{3}$/.test(key) ? key : (SHARED_STATUS[key] ?? status), found);
    }
  }
  return found;
}

/** The request of every example, in the document's order: each must be the real answer. */
const REQUESTS = [
  'GET /v1/items?rarity=legendary&limit=1',
  'GET /v1/items/ashbringer',
  'GET /v1/items/ashbringer/history',
  'GET /v1/abilities?limit=2',
  'GET /v1/abilities/dash',
  'GET /v1/abilities/dash/history',
  'GET /v1/relics?limit=2',
  'GET /v1/relics/ember-idol',
  'GET /v1/relics/ember-idol/history',
  'GET /v1/followers?limit=2',
  'GET /v1/followers/bram',
  'GET /v1/followers/bram/history',
  'GET /v1/facets/items',
  'GET /v1/facets/abilities',
  'GET /v1/facets/relics',
  'GET /v1/facets/followers',
  'GET /v1/search?q=Ashbrnger&limit=3',
  'GET /v1/stats',
  'GET /v1/meta',
  'GET /v1/changes?since=2026-11-20.1',
  'GET /v1/languages',
  'GET /v1/bulk',
  'GET /v1/items?rarity=5',
];

const dataset = perTest(fixtureDataset);
const examples = perTest(() => collectExamples(buildOpenApiDocument(dataset())));

describe('examples of the OpenAPI document', () => {
  it('cover every data endpoint and the 400', () => {
    expect(examples().map(([request]) => request)).toEqual(REQUESTS);
  });

  it.each(REQUESTS)('%s is the real answer', async (request) => {
    const [, status, example] = examples().find(([summary]) => summary === request) as [
      string,
      string,
      Example,
    ];
    const response = await createApp({ dataset: dataset() }).fetch(
      new Request(`http://api.test${request.replace(/^GET /, '')}`),
      { clientIp: '192.0.2.1' },
    );
    expect(String(response.status)).toBe(status);
    expect(await response.json()).toEqual(example.value);
  });
});
