import type { Dataset } from '../dataset/dataset.js';
import { collectVocabulary } from '../dataset/vocabulary.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { TIERS } from '../ratelimit/tiers.js';
import { DOCS_STYLE } from './docs-style.js';
import { escapeHtml as e } from './html.js';

type Json = Record<string, unknown>;

const code = (text: string) => `<code>${e(text)}</code>`;
const pre = (text: string) => `<pre><code>${e(text)}</code></pre>`;
const list = (values: string[]) => (values.length ? values.map(code).join(', ') : '<span class="muted">none</span>');
const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

function exampleFor(path: string, dataset: Dataset): unknown {
  const sample = (records: readonly unknown[]) => ({ data: records.slice(0, 1), meta: { total: records.length, count: 1, cursor: '…' } });
  const examples: Record<string, unknown> = {
    '/v1/items': sample(dataset.items.records),
    '/v1/items/{id}': { data: dataset.items.records.find((item) => item.effects) ?? dataset.items.records[0] },
    '/v1/abilities': sample(dataset.abilities.records),
    '/v1/abilities/{id}': { data: dataset.abilities.records[0] },
    '/v1/relics': sample(dataset.relics.records),
    '/v1/relics/{id}': { data: dataset.relics.records[0] },
    '/v1/followers': sample(dataset.followers.records),
    '/v1/followers/{id}': { data: dataset.followers.records[0] },
    '/v1/stats': { data: dataset.stats.slice(0, 2), meta: { total: dataset.stats.length, count: dataset.stats.length } },
    '/v1/meta': { data: dataset.meta },
  };
  return examples[path];
}

function curlFor(path: string, dataset: Dataset): string {
  const first = (records: ReadonlyArray<{ id: string }>) => records[0]?.id ?? 'ID';
  const filled = path
    .replace('/v1/items/{id}', `/v1/items/${first(dataset.items.records)}`)
    .replace('/v1/abilities/{id}', `/v1/abilities/${first(dataset.abilities.records)}`)
    .replace('/v1/relics/{id}', `/v1/relics/${first(dataset.relics.records)}`)
    .replace('/v1/followers/{id}', `/v1/followers/${first(dataset.followers.records)}`)
    .replace('{spriteId}', dataset.items.records.find((item) => item.icon)?.icon ?? 'SPRITE');
  const query = path === '/v1/items' ? '?slot=head&rarity=legendary&limit=5' : '';
  return `curl -i '${'{base_url}'}${filled}${query}'`;
}

function endpointSection(path: string, operation: Json, dataset: Dataset): string {
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const rows = parameters
    .map((p) => {
      const schema = p.schema as Json;
      return `<tr><td>${code(String(p.name))}</td><td>${e(String(p.in))}</td><td>${e(String(schema.type ?? ''))}</td><td>${e(String(p.description ?? ''))}</td></tr>`;
    })
    .join('');
  const example = exampleFor(path, dataset);
  return `<section id="${slug(path)}"><h3><a href="#${slug(path)}">GET ${e(path)}</a></h3>
<p>${e(String(operation.summary ?? ''))}. ${e(String(operation.description ?? ''))}</p>
${rows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
<p>Responses: ${Object.keys(operation.responses as Json).map(code).join(', ')}</p>
${pre(curlFor(path, dataset))}
${example === undefined ? '' : `<p>Example response (from the current dataset):</p>${pre(JSON.stringify(example, null, 2))}`}
</section>`;
}

/**
 * The self-contained HTML reference served at /docs: no script and no request to any other URL; its
 * only inline stylesheet is allowed by hash in the page's CSP.
 */
export function renderDocsPage(dataset: Dataset, openapi: Json): string {
  const vocabulary = collectVocabulary(dataset);
  const paths = openapi.paths as Record<string, { get: Json }>;
  const endpoints = Object.keys(paths).filter((path) => path.startsWith('/v1/'));
  const tierRows = Object.values(TIERS)
    .map((t) => `<tr><td>${t.name}</td><td>${t.limit}</td><td>${t.windowMs / 1000} s</td><td>${t.name === 'community' ? 'key id' : 'client IP'}</td></tr>`)
    .join('');
  const rarityRows = dataset.rarities.map((r) => `<tr><td>${r.value}</td><td>${code(r.name)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game Data API reference</title><style>${DOCS_STYLE}</style></head>
<body><main>
<h1>Game Data API</h1>
<p>Free, public, read-only game reference data: items, abilities, relics, followers, stats, artwork. Dataset <strong>${e(dataset.meta.version)}</strong>, published ${e(dataset.meta.published)}. Licence: ${e(dataset.meta.license)}. Machine-readable description: <a href="/v1/openapi.json">/v1/openapi.json</a>.</p>
<nav><ul>
<li><a href="#keys">Keys and tiers</a></li><li><a href="#rate-limits">Rate limits</a></li><li><a href="#pagination">Pagination</a></li><li><a href="#caching">Caching</a></li><li><a href="#errors">Errors</a></li><li><a href="#versioning">Versioning</a></li><li><a href="#values">Allowed values</a></li>
${endpoints.map((p) => `<li><a href="#${slug(p)}">${e(p)}</a></li>`).join('')}
</ul></nav>
<section id="keys"><h2><a href="#keys">Keys and tiers</a></h2>
<p>No key is needed. An optional key raises your limit (community tier); it unlocks no extra data. Send it as ${code('Authorization: Bearer <API_KEY>')}. ${code('?key=')} also works but is discouraged: a key in a URL leaks into history, Referer headers and logs. An unknown or revoked key is treated as anonymous, never as an error.</p>
<table><thead><tr><th>Tier</th><th>Limit</th><th>Window</th><th>Keyed on</th></tr></thead><tbody>${tierRows}</tbody></table>
<p>Images (${code('/v1/img/…')}) always count under the images tier.</p></section>
<section id="rate-limits"><h2><a href="#rate-limits">Rate limits and backing off</a></h2>
<p>Every response carries ${code('ratelimit-limit')}, ${code('ratelimit-remaining')} (a hint) and ${code('ratelimit-reset')} (seconds until the fixed window rolls). Past the limit you get ${code('429')} with code ${code('rate_limited')} and ${code('retry-after')}: wait that many seconds before retrying. A 429 is never cacheable. CORS preflight (OPTIONS) is not counted.</p></section>
<section id="pagination"><h2><a href="#pagination">Pagination with cursors</a></h2>
<p>Lists are ordered by ${code('id')} (ascending, code-unit order). ${code('limit')} defaults to ${DEFAULT_LIMIT}; values above ${MAX_LIMIT} are clamped; 0, negatives, decimals and non-numbers are a 400. When more results remain, ${code('meta.cursor')} is present: pass it back as ${code('?cursor=')} and change nothing else (you may change ${code('limit')}). Walking with cursors returns every match exactly once. A malformed cursor, or one used with different filters, is a 400. A cursor belongs to the dataset version that issued it: after a new dataset is published it is a 400 — start again from the first page.</p>
<p>Filter rules: filters combine with AND; text filters are exact and case-insensitive; ${code('rarity')} takes a number or a name; ${code('cosmetic')} takes ${code('true')} or ${code('false')} (items without the field count as not cosmetic); ${code('q')} is a case-insensitive substring of the name (at most 100 characters). An empty parameter counts as absent; a parameter given twice is a 400; unknown parameters are ignored.</p></section>
<section id="caching"><h2><a href="#caching">Caching, etags and 304</a></h2>
<p>JSON responses carry a weak ${code('etag')} that embeds the dataset version and ${code('cache-control: public, max-age=300')}. Send the etag back as ${code('If-None-Match')} to get an empty ${code('304')}. Images carry a content etag and a 30-day lifetime.</p></section>
<section id="errors"><h2><a href="#errors">Errors</a></h2>
<p>Errors are JSON: ${code('{ "error": { "code": "…", "message": "…" } }')}. Codes: ${code('bad_request')} (400), ${code('not_found')} (404), ${code('method_not_allowed')} (405), ${code('rate_limited')} (429), ${code('internal')} (500).</p></section>
<section id="versioning"><h2><a href="#versioning">Versioning and detecting a new dataset</a></h2>
<p>The API version is the ${code('/v1')} prefix. The dataset has its own version (${code('YYYY-MM-DD.n')}), in ${code('/v1/meta')} and in the ${code('x-dataset-version')} header of every response: compare it to notice a new publication. The dataset is published by hand and may lag the live game.</p></section>
<section id="values"><h2><a href="#values">Allowed values</a></h2>
<p>Item types: ${list(vocabulary.types)}</p><p>Slots: ${list(vocabulary.slots)}</p><p>Subtypes: ${list(vocabulary.subtypes)}</p><p>Ability categories: ${list(vocabulary.categories)}</p>
<table><thead><tr><th>Rarity</th><th>Name</th></tr></thead><tbody>${rarityRows}</tbody></table></section>
<h2 id="endpoints">Endpoints</h2>
${endpoints.map((path) => endpointSection(path, (paths[path] as { get: Json }).get, dataset)).join('\n')}
</main></body></html>`;
}
