import type { Dataset } from '../dataset/dataset.js';
import type { DocsPage } from '../docs/docs-page.js';
import { jsonRepresentation, type Representation } from './respond.js';

/** The API's own reference: the OpenAPI document and the /docs page rendered from it. */
export interface Reference {
  openapiJson(): Promise<Representation>;
  docsPage(): Promise<DocsPage>;
}

/**
 * The reference is built on its first request, not at start, and the code that builds it (with zod,
 * whose schemas the document's are generated from) is loaded only then: a cold start — one Lambda
 * instance answering one data request — should not pay for pages most requests never ask for.
 */
export function createReference(dataset: Dataset): Reference {
  let openapi: Promise<Record<string, unknown>> | undefined;
  let openapiJson: Promise<Representation> | undefined;
  let docsPage: Promise<DocsPage> | undefined;
  const document = () =>
    (openapi ??= import('../openapi/document.js').then(({ buildOpenApiDocument }) => buildOpenApiDocument(dataset)));
  return {
    openapiJson: () => (openapiJson ??= document().then((doc) => jsonRepresentation(dataset.meta.version, doc))),
    docsPage: () =>
      (docsPage ??= Promise.all([document(), import('../docs/docs-page.js')]).then(([doc, { buildDocsPage }]) => buildDocsPage(dataset, doc))),
  };
}
