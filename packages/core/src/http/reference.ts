import type { Dataset } from '../dataset/dataset.js';
import { redirectHeaders } from '../policy/headers.js';
import { jsonRepresentation, type Representation } from '../policy/representation.js';
import type { AddRoute } from './answer-policy.js';
import type { Responder } from './respond.js';

/** The API's own reference: the OpenAPI document and the /docs page rendered from it. */
interface Reference {
  openapiJson(): Promise<Representation>;
  docsPage(): Promise<Representation>;
}

/**
 * The reference is built on its first request, not at start, and the code that builds it (with zod,
 * whose schemas the document's are generated from) is loaded only then: a cold start — one Lambda
 * instance answering one data request — should not pay for pages most requests never ask for.
 */
function createReference(dataset: Dataset): Reference {
  let openapi: Promise<Record<string, unknown>> | undefined;
  let openapiJson: Promise<Representation> | undefined;
  let docsPage: Promise<Representation> | undefined;
  const document = () =>
    (openapi ??= import('../openapi/document.js').then(({ buildOpenApiDocument }) => buildOpenApiDocument(dataset)));
  return {
    openapiJson: () => (openapiJson ??= document().then((doc) => jsonRepresentation(dataset.meta.version, doc))),
    docsPage: () =>
      (docsPage ??= Promise.all([document(), import('../docs/docs-page.js')]).then(([doc, { buildDocsPage }]) => buildDocsPage(dataset, doc))),
  };
}

/** `/` (a redirect to the reference), `/docs` and `/v1/openapi.json` (spec §4). */
export function registerReferenceRoutes(get: AddRoute, dataset: Dataset, responder: Responder): void {
  const reference = createReference(dataset);
  get('/', responder.fixed(302, redirectHeaders('/docs')));
  get('/docs', async (exchange) => responder.representation(exchange, await reference.docsPage()));
  get('/v1/openapi.json', async (exchange) => responder.representation(exchange, await reference.openapiJson()));
}
