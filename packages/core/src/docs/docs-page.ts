import type { Dataset } from '../dataset/dataset.js';
import { textRepresentation, type Representation } from '../http/respond.js';
import { cspHash } from './html.js';
import type { Json } from './openapi-view.js';
import { renderDocsPage } from './render-docs-page.js';

/** The /docs page, ready to send, with the Content-Security-Policy that lets its own stylesheet load. */
export type DocsPage = Representation & { csp: string };

/**
 * Renders the /docs page from the OpenAPI document and works out its CSP: nothing may load but the
 * page itself; its one inline stylesheet is allowed by hash.
 */
export async function buildDocsPage(dataset: Dataset, openapi: Json): Promise<DocsPage> {
  const html = renderDocsPage(dataset, openapi);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const csp = `default-src 'none'; style-src ${await cspHash(style)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { ...textRepresentation(dataset.meta.version, html, 'text/html; charset=utf-8'), csp };
}
