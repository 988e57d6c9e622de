import type { Dataset } from '../dataset/dataset.js';
import { DEPRECATIONS_ANCHOR } from '../policy/deprecations.js';
import { renderDeprecations } from './deprecations-section.js';
import { DOCS_STYLE } from './docs-style.js';
import { renderEndpointSection } from './endpoint-section.js';
import { escapeHtml as e } from './html.js';
import { listOperations, slugOf, type Json } from './openapi-view.js';
import {
  readTiers,
  renderKeysAndTiers,
  renderOverview,
  renderRateLimits,
} from './overview-sections.js';
import { renderLanguages } from './languages-section.js';
import { renderQueries } from './queries-section.js';
import { renderSearch } from './search-section.js';
import { renderSqlite } from './sqlite-section.js';
import {
  renderCaching,
  renderErrors,
  renderPagination,
  renderVersioning,
} from './usage-sections.js';
import { renderValues } from './values-section.js';

const GUIDE: Array<[string, string]> = [
  ['overview', 'Overview'],
  ['keys', 'Keys and tiers'],
  ['rate-limits', 'Rate limits'],
  ['pagination', 'Pagination'],
  ['queries', 'Sorting and facets'],
  ['search', 'Search'],
  ['caching', 'Caching and 304'],
  ['languages', 'Languages'],
  ['errors', 'Errors'],
  ['versioning', 'Versioning'],
  [DEPRECATIONS_ANCHOR, 'Deprecations'],
  ['values', 'Allowed values'],
];

function renderNav(paths: string[], guide: Array<[string, string]>): string {
  const link = (id: string, text: string) => `<li><a href="#${id}">${text}</a></li>`;
  return `<nav aria-label="Contents"><h2>Contents</h2>
<ul>${guide.map(([id, title]) => link(id, e(title))).join('')}</ul>
<h2><a href="#endpoints">Endpoints</a></h2>
<ul class="endpoints">${paths.map((path) => link(slugOf(path), `<code>${e(path).replace(/\//g, '/<wbr>')}</code>`)).join('')}</ul></nav>`;
}

/**
 * The self-contained HTML reference served at /docs, rendered from the OpenAPI document and the loaded
 * dataset. It has no script and requests nothing: its one inline stylesheet is allowed by hash in the
 * page's CSP, and it reads the same without JavaScript, on a phone or a desktop.
 *
 * @example renderDocsPage(dataset, buildOpenApiDocument(dataset)).startsWith('<!doctype html>') // true
 */
export function renderDocsPage(dataset: Dataset, doc: Json): string {
  const operations = listOperations(doc);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game Data API reference</title><style>${DOCS_STYLE}</style></head>
<body><div class="layout">
<header><h1>Game Data API</h1><p>Reference · dataset <strong>${e(dataset.meta.version)}</strong> · <a href="v1/openapi.json">OpenAPI 3.1</a></p></header>
${renderNav(
  operations.map((operation) => operation.path),
  // The SQLite file's section after search's, where the release has one /docs can describe.
  dataset.database?.guide
    ? GUIDE.toSpliced(GUIDE.findIndex(([id]) => id === 'search') + 1, 0, ['sqlite', 'SQLite file'])
    : GUIDE,
)}
<main>
${renderOverview(dataset)}
${renderKeysAndTiers(readTiers(doc))}
${renderRateLimits()}
${renderPagination(dataset)}
${renderQueries(dataset)}
${renderSearch(dataset)}
${renderSqlite(dataset)}
${renderCaching(dataset, doc)}
${renderLanguages(dataset)}
${renderErrors(doc)}
${renderVersioning()}
${renderDeprecations()}
${renderValues(dataset)}
<section id="endpoints"><h2><a href="#endpoints">Endpoints</a></h2>
${operations.map((operation) => renderEndpointSection(doc, operation)).join('\n')}
</section>
</main></div></body></html>`;
}
