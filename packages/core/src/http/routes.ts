import { LIST_NAMES } from '../collections/list-names.js';
import { BULK_ROUTES } from './bulk-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { FACET_ROUTES } from './facet-routes.js';
import { DATASET_ROUTES, IMAGE_ROUTES } from './dataset-routes.js';
import { LANGUAGE_ROUTES } from './language-routes.js';
import { REFERENCE_ROUTES } from './reference-routes.js';
import { SEARCH_ROUTES } from './search-routes.js';
import { STATUS_ROUTES } from './status-routes.js';
import type { RouteDeclaration } from './route.js';

/**
 * Every route of the API, our extensions included (README, "API overview"), in the order the
 * reference shows them. The app's router and the OpenAPI document's paths are both made from this
 * list, and nothing else.
 */
export const ROUTES: readonly RouteDeclaration[] = [
  ...LIST_NAMES.flatMap(collectionRoutes),
  ...FACET_ROUTES,
  ...SEARCH_ROUTES,
  ...DATASET_ROUTES,
  ...LANGUAGE_ROUTES,
  ...STATUS_ROUTES,
  ...BULK_ROUTES,
  ...IMAGE_ROUTES,
  ...REFERENCE_ROUTES,
];
