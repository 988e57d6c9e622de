import { describe, expect, it } from 'vitest';
import { loadDataset } from '../dataset/load-dataset.js';
import { distinctValues } from '../collections/distinct-values.js';
import { createApp } from '../http/app.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import { renderDocsPage } from './render-docs-page.js';
import { longestName } from './search-section.js';

const dataset = perTest(fixtureDataset);
const page = perTest(() => renderDocsPage(dataset(), buildOpenApiDocument(dataset())));

/** The HTML of the element with this id, up to the next section of the same level. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}">`);
  expect(start, `#${id}`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}

/** The `<code>` values listed after a `<dt>` that mentions `name`. */
function listedValues(html: string, name: string): string[] {
  const dd =
    new RegExp(`<dt>[^<]*<code>${name}</code>[^<]*</dt><dd>(.*?)</dd>`).exec(html)?.[1] ?? '';
  return [...dd.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1] as string);
}

describe('renderDocsPage', () => {
  it("shows a build planner's query and its facets, answered from the dataset", () => {
    const queries = sectionOf(page(), 'queries');
    const withMight = dataset().lists.items.records.filter(
      (item) => item.slot === 'mainhand' && item.stats?.some((s) => s.stat === 'mgt'),
    );
    expect(queries).toContain('slot=mainhand&amp;stat[mgt]=1..&amp;sort=-stat.mgt,name');
    expect(queries).toContain(`&quot;total&quot;: ${withMight.length}`);
    expect(queries).toContain(`&quot;${withMight[0]?.name}&quot;: mgt 40`);
    for (const key of ['stat.&lt;key&gt;', 'roll.&lt;key&gt;.min, roll.&lt;key&gt;.max'])
      expect(queries).toContain(`<code>${key}</code>`);
  });

  it('shows searches for a real name, a typo among them, each with the hit the API answers', async () => {
    const search = sectionOf(page(), 'search');
    const name = longestName(dataset())!;
    const curls = [
      ...search.matchAll(/curl &quot;\$GAMEDATA_URL(\/v1\/search\?[^&]*(?:&amp;[^&]*)*?)&quot;/g),
    ];
    expect(curls).toHaveLength(3);
    const app = createApp({ dataset: dataset() });
    for (const [, path] of curls) {
      const answer = await app.fetch(
        new Request(`http://api.test${path!.replaceAll('&amp;', '&')}`),
        {
          clientIp: '192.0.2.1',
        },
      );
      const { data } = (await answer.json()) as { data: Array<{ name: string; match: string }> };
      expect(data[0]?.name).toBe(name);
      expect(search).toContain(
        `&quot;${name}&quot; (items, &quot;match&quot;: &quot;${data[0]?.match}&quot;)`,
      );
    }
    expect(search).toContain('# a typo');
    expect(search).toContain('&quot;match&quot;: &quot;fuzzy&quot;');
  });

  it.each([
    'queries',
    'search',
    'overview',
    'keys',
    'rate-limits',
    'pagination',
    'caching',
    'languages',
    'errors',
    'versioning',
    'values',
    'endpoints',
  ])('has a linkable #%s section', (id) => {
    expect(page()).toContain(`<section id="${id}"><h2><a href="#${id}">`);
    expect(page().slice(page().indexOf('<nav'), page().indexOf('</nav>'))).toContain(
      `<a href="#${id}">`,
    );
  });

  it.each<[string, string, boolean]>([
    ['/v1/items', 'v1-items', true],
    ['/v1/items/{id}', 'v1-items-id', true],
    ['/v1/abilities', 'v1-abilities', true],
    ['/v1/abilities/{id}', 'v1-abilities-id', true],
    ['/v1/relics', 'v1-relics', true],
    ['/v1/relics/{id}', 'v1-relics-id', true],
    ['/v1/followers', 'v1-followers', true],
    ['/v1/followers/{id}', 'v1-followers-id', true],
    ['/v1/stats', 'v1-stats', true],
    ['/v1/meta', 'v1-meta', true],
    ['/v1/img/{spriteId}.png', 'v1-img-spriteId-png', true],
    ['/v1/openapi.json', 'v1-openapi-json', false],
  ])('GET %s: parameters, statuses, curl, SDK and a real example', (path, id, hasSdk) => {
    const html = sectionOf(page(), id);
    expect(html).toContain(`<a href="#${id}">GET ${path}</a>`);
    expect(html).toContain('<h4>Statuses</h4>');
    expect(html).toContain('<figcaption>curl</figcaption>');
    expect(html.includes('<figcaption>TypeScript, with @gamedata/sdk</figcaption>')).toBe(hasSdk);
    if (path !== '/v1/img/{spriteId}.png' && path !== '/v1/openapi.json')
      expect(html).toContain('(real data)</summary>');
  });

  it("lists the contract's five error codes, and answers a 408 or a 431 with bad_request", () => {
    const html = sectionOf(page(), 'errors');
    expect(html).toContain(
      'is one of <code>not_found</code>, <code>bad_request</code>, <code>rate_limited</code>, <code>method_not_allowed</code>, <code>internal</code> and',
    );
    expect(html).toMatch(
      /<td data-label="Status"><code>408<\/code><\/td><td data-label="When">[^<]*\(code <code>bad_request<\/code>/,
    );
    expect(html).toMatch(
      /<td data-label="Status"><code>431<\/code><\/td><td data-label="When">[^<]*\(code <code>bad_request<\/code>/,
    );
  });

  it('lists response fields, nested ones included', () => {
    const html = sectionOf(page(), 'v1-items-id');
    for (const field of [
      'data.id',
      'data.rarityName',
      'data.stats[].stat',
      'data.effects[].chance',
      'data.roll',
    ])
      expect(html).toContain(`<code>${field}</code>`);
  });

  it('marks ?key= deprecated', () => {
    expect(sectionOf(page(), 'v1-meta')).toMatch(
      /<code>key<\/code> <span class="tag">deprecated<\/span>/,
    );
  });

  it('lists exactly the filter values and rarity scale the dataset has', () => {
    const values = sectionOf(page(), 'values');
    for (const field of ['slot', 'type', 'subtype'] as const)
      expect(listedValues(values, field)).toEqual(
        distinctValues(dataset().lists.items.records, field),
      );
    expect(listedValues(values, 'category')).toEqual(
      distinctValues(dataset().lists.abilities.records, 'category'),
    );
    for (const { value, name } of dataset().rarities)
      expect(values).toContain(
        `<code>${value}</code></td><td data-label="Name"><code>${name}</code>`,
      );
  });

  it('follows the dataset: a new slot appears, a vanished one goes', () => {
    const source = fixtureSource();
    (source.files['items.json'] as Array<Record<string, unknown>>)[2]!.slot = 'Tail';
    const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
    if (!loaded.ok) throw new Error('fixture did not load');
    const values = sectionOf(
      renderDocsPage(loaded.dataset, buildOpenApiDocument(loaded.dataset)),
      'values',
    );
    expect(listedValues(values, 'slot')).toEqual(['head', 'mainhand', 'tail']);
  });

  it('shows the real etag of /v1/meta in the caching example', async () => {
    const response = await createApp({ dataset: dataset() }).fetch(
      new Request('http://api.test/v1/meta'),
      {
        clientIp: '192.0.2.1',
      },
    );
    expect(sectionOf(page(), 'caching')).toContain(
      `If-None-Match: ${(response.headers.get('etag') ?? '').replace(/"/g, '&quot;')}`,
    );
  });

  it('names the languages, how one is picked and what falls back, with a real translated record', () => {
    const source = fixtureSource();
    Object.assign(source.files, {
      'translations/de/items.json': { ashbringer: { name: 'Aschenbringer' } },
    });
    const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
    if (!loaded.ok) throw new Error('fixture did not load');
    const languages = sectionOf(
      renderDocsPage(loaded.dataset, buildOpenApiDocument(loaded.dataset)),
      'languages',
    );
    for (const term of [
      'translated into <code>de</code>',
      '/v1/items/ashbringer?lang=de',
      '&quot;Aschenbringer&quot;',
      'x-language-fallback',
      'vary: accept-encoding, authorization, accept-language',
      'Accept-Language',
    ]) {
      expect(languages).toContain(term);
    }
    expect(sectionOf(page(), 'languages')).not.toContain('translated into');
  });

  it('documents compression as the policy negotiates it', () => {
    const caching = sectionOf(page(), 'caching');
    for (const term of [
      'Accept-Encoding',
      'br',
      'gzip',
      'identity',
      'vary: accept-encoding, authorization',
      'content-encoding',
    ])
      expect(caching).toContain(term);
  });

  it('documents the RateLimit fields and vary: authorization', () => {
    const limits = sectionOf(page(), 'rate-limits');
    for (const term of [
      'ratelimit-policy: &quot;anonymous&quot;;q=60;w=60',
      'ratelimit: &quot;anonymous&quot;;r=',
      'vary: authorization',
    ])
      expect(limits).toContain(term);
  });

  it("describes the release's SQLite file where its server gives a guide, and only then", () => {
    expect(page()).not.toContain('id="sqlite"');
    const guide = {
      tables: [['`items`', 'A row per record: `name_de` <b>']] as const,
      questions: ["-- Names in German\nSELECT COALESCE(name_de, name) FROM items WHERE id < 'b';"],
    };
    const database = { file: 'gamedata-2026-12-01.1.sqlite', schema: 3, guide } as never;
    const withFile = renderDocsPage({ ...dataset(), database }, buildOpenApiDocument(dataset()));
    const sqlite = sectionOf(withFile, 'sqlite');
    expect(withFile).toContain('<li><a href="#sqlite">SQLite file</a></li>');
    expect(withFile.indexOf('id="sqlite"')).toBeGreaterThan(withFile.indexOf('id="search"'));
    expect(sqlite).toContain('<code>/v1/sqlite/gamedata-2026-12-01.1.sqlite</code>');
    expect(sqlite).toContain('version 3');
    expect(sqlite).toContain('<td data-label="Table"><code>items</code></td>');
    expect(sqlite).toContain('A row per record: <code>name_de</code> &lt;b&gt;');
    expect(sqlite).toContain(
      '<pre><code>-- Names in German\nSELECT COALESCE(name_de, name) FROM items WHERE id &lt; &#39;b&#39;;</code></pre>',
    );
  });

  it('is self-contained: no script, no external address, nothing to load', () => {
    expect(page()).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|https?:\/\/|\burl\(/i);
    expect(page().match(/<style>/g)).toHaveLength(1);
  });
});
