import type { Registry } from '../collections/registry.js';
import { BULK_ROUTES } from './bulk-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { facetRoutes } from './facet-routes.js';
import { DATASET_ROUTES, IMAGE_ROUTES } from './dataset-routes.js';
import { LANGUAGE_ROUTES } from './language-routes.js';
import { REFERENCE_ROUTES } from './reference-routes.js';
import { SEARCH_ROUTES } from './search-routes.js';
import { STATUS_ROUTES } from './status-routes.js';
import type { RouteDeclaration } from './route.js';

const routesByRegistry = new WeakMap<Registry, readonly RouteDeclaration[]>();

/**
 * Every route of the API for the lists of `registry`, our extensions included (README, "API
 * overview"), in the order the reference shows them. The app's router and the OpenAPI document's
 * paths are both made from this list, and nothing else. Made once per registry.
 */
export function routesOf(registry: Registry): readonly RouteDeclaration[] {
  let routes = routesByRegistry.get(registry);
  if (routes === undefined) routesByRegistry.set(registry, (routes = declaredRoutes(registry)));
  return routes;
}

function declaredRoutes(registry: Registry): RouteDeclaration[] {
  return [
    ...registry.lists.flatMap(collectionRoutes),
    ...facetRoutes(registry),
    ...SEARCH_ROUTES,
    ...DATASET_ROUTES,
    ...LANGUAGE_ROUTES,
    ...STATUS_ROUTES,
    ...BULK_ROUTES,
    ...IMAGE_ROUTES,
    ...REFERENCE_ROUTES,
  ];
}
