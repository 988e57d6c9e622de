import type { Dataset } from '../dataset/dataset.js';
import { HTML_CONTENT_TYPE, htmlPageHeaders } from '../policy/headers.js';
import { textRepresentation, type Representation } from '../policy/representation.js';
import { cspHash } from './html.js';
import type { Json } from './openapi-view.js';
import { renderDocsPage } from './render-docs-page.js';

/**
 * Renders the /docs page from the OpenAPI document, ready to send with the response policy's page
 * headers: its Content-Security-Policy allows the one inline stylesheet by hash and nothing else.
 *
 * @example const page = await buildDocsPage(dataset, buildOpenApiDocument(dataset));
 */
export async function buildDocsPage(dataset: Dataset, openapi: Json): Promise<Representation> {
  const html = renderDocsPage(dataset, openapi);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  return textRepresentation(
    dataset.meta.version,
    html,
    HTML_CONTENT_TYPE,
    htmlPageHeaders(await cspHash(style)),
  );
}
