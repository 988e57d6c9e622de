import type { Dataset } from '../dataset/dataset.js';
import { API_LANGUAGE_HEADERS } from '../policy/headers.js';
import { jsonRepresentation, type Representation } from '../policy/representation.js';
import type { Reference } from './route.js';

/**
 * The reference is built on its first request, not at start, and the code that builds it (with zod,
 * whose schemas the document's are generated from) is loaded only then: a cold start — one Lambda
 * instance answering one data request — should not pay for pages most requests never ask for.
 */
function createReference(dataset: Dataset, prefix: string): Reference {
  let openapi: Promise<Record<string, unknown>> | undefined;
  let openapiJson: Promise<Representation> | undefined;
  let docsPage: Promise<Representation> | undefined;
  const document = () =>
    (openapi ??= import('../openapi/document.js').then(({ buildOpenApiDocument }) =>
      buildOpenApiDocument(dataset, prefix),
    ));
  return {
    openapiJson: () =>
      (openapiJson ??= document().then((doc) =>
        jsonRepresentation(dataset.meta.version, doc, API_LANGUAGE_HEADERS),
      )),
    docsPage: () =>
      (docsPage ??= Promise.all([document(), import('../docs/docs-page.js')]).then(
        ([doc, { buildDocsPage }]) => buildDocsPage(dataset, doc),
      )),
  };
}

/**
 * A release's reference for each prefix the app is mounted at, each built once. Imported by the app
 * alone: the document is built from the route declarations, so the routes that serve it are handed it.
 *
 * @example const reference = createReferences(dataset); await reference('').openapiJson();
 */
export function createReferences(dataset: Dataset): (prefix: string) => Reference {
  const byPrefix = new Map<string, Reference>();
  return (prefix) => {
    let reference = byPrefix.get(prefix);
    if (!reference) byPrefix.set(prefix, (reference = createReference(dataset, prefix)));
    return reference;
  };
}
