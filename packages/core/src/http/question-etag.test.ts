import { describe, expect, it } from 'vitest';
import type { Dataset } from '../dataset/dataset.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { decodeSnapshot, encodeSnapshot } from '../release/snapshot.js';
import { makeWeakEtag } from '../etag.js';
import { withTestBulkFiles } from '../testing/bulk-files.js';
import { fixtureDataset, translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import { createApp } from './app.js';

type App = ReturnType<typeof createApp>;
const get = (app: App, path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`http://api.test${path}`, { headers }), { clientIp: '203.0.113.7' });
const etagOf = async (app: App, path: string) => (await get(app, path)).headers.get('etag');

/** The fixture with `change` made to its export, published under the same version. */
function changedFixture(change: (files: Record<string, unknown>) => void): Dataset {
  const source = fixtureSource();
  change(source.files);
  const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
  return loaded.dataset;
}

/** A release as a server reads it: from its snapshot, records kept as JSON. */
const published = async (dataset: Dataset) =>
  decodeSnapshot(encodeSnapshot(await withTestBulkFiles(dataset)));

const QUESTIONS = [
  '/v1/items?sort=name',
  '/v1/items?sort=-name',
  '/v1/items?sort=name&limit=2',
  '/v1/items?sort=name&limit=3',
  '/v1/items?sort=name&slot=head',
  '/v1/items?sort=name&lang=de',
  '/v1/items?fields=stats',
  '/v1/items?fields=stats,roll',
  '/v1/items?fields=stats&sort=name',
  '/v1/abilities?sort=name',
  '/v1/facets/items',
  '/v1/facets/items?facet=slot',
  '/v1/facets/items?slot=head',
  '/v1/facets/items?lang=de',
];

describe('the etag of a page asked for with sort or fields, and of facet counts', () => {
  it('is the same from two instances of one release, and another for every other question', async () => {
    for (const load of [translatedFixtureDataset, () => published(translatedFixtureDataset())]) {
      const [one, two] = [
        createApp({ dataset: await load() }),
        createApp({ dataset: await load() }),
      ];
      const etags = [];
      for (const path of QUESTIONS) {
        const etag = await etagOf(one, path);
        expect([path, etag]).toEqual([path, await etagOf(two, path)]);
        expect(etag).toMatch(/^W\/"2026-11-20\.1-[0-9a-z]+"$/);
        etags.push(etag);
      }
      expect(new Set(etags).size).toBe(QUESTIONS.length);
    }
  });

  it('is another on the next page, the same for the same query written otherwise, and a 304 answers it', async () => {
    const app = createApp({ dataset: fixtureDataset() });
    const first = await get(app, '/v1/items?sort=-name&limit=2');
    const { meta } = (await first.json()) as { meta: { cursor: string } };
    const next = await get(app, `/v1/items?sort=-name&limit=2&cursor=${meta.cursor}`);
    const etag = first.headers.get('etag') as string;
    expect(next.headers.get('etag')).not.toBe(etag);
    const again = await get(app, '/v1/items?limit=2&sort=-name', {
      'if-none-match': etag,
    });
    expect([again.status, again.headers.get('etag')]).toEqual([304, etag]);
  });

  it('changes with anything in the release, even under the same version and with the same body', async () => {
    const renamed = changedFixture((files) => {
      (files['abilities.json'] as Array<{ name: string }>)[0]!.name = 'Fire Ball';
    });
    for (const load of [(d: Dataset) => d, published]) {
      const [before, after] = [
        createApp({ dataset: await load(fixtureDataset()) }),
        createApp({ dataset: await load(renamed) }),
      ];
      for (const path of ['/v1/items?sort=name', '/v1/facets/items']) {
        // The items are the same; an ability's name is not.
        expect(await (await get(after, path)).text()).toBe(await (await get(before, path)).text());
        expect(await etagOf(after, path)).not.toBe(await etagOf(before, path));
      }
    }
  });
});

describe("the etag of a page of the contract's own query", () => {
  it('hashes its body, as it always has: its bytes from a snapshot, its text otherwise', async () => {
    for (const [dataset, path] of [
      [await published(fixtureDataset()), '/v1/items?slot=head'],
      [fixtureDataset(), '/v1/items?slot=head'],
      [await published(translatedFixtureDataset()), '/v1/items?lang=de'],
    ] as const) {
      const answer = await get(createApp({ dataset }), path);
      const text = await answer.text();
      expect(answer.headers.get('etag')).toBe(makeWeakEtag(dataset.meta.version, text));
    }
  });
});
