import type { Dataset } from '../dataset/dataset.js';
import type { ReleaseLanguages } from '../language/release-languages.js';
import type { Json } from '../openapi/refs.js';
import type { Representation } from '../policy/representation.js';
import type { OperationBuilder } from '../openapi/operation-builder.js';
import type { AppContext } from './app-env.js';
import type { Instance } from './instance.js';
import type { Responder } from './respond.js';
import type { ResponseCaches } from './response-caches.js';

/**
 * Which tier a route counts against (README, "Rate limits and keys"): `images` whatever the key, or
 * the caller's own — community with a known key, anonymous without.
 */
export type RouteTier = 'images' | 'caller';

/** What answers a request a route took, once it has been counted. */
export type RouteHandler = (c: AppContext) => Response | Promise<Response>;

/** The API's own reference for the app mounted at one prefix: the OpenAPI document and the /docs page. */
export interface Reference {
  openapiJson(): Promise<Representation>;
  docsPage(): Promise<Representation>;
}

/** What a route's handler is made from, once per release served. */
export interface RouteRelease {
  dataset: Dataset;
  responder: Responder;
  /** The answers (and list matches) kept for reuse, shared by the release's data routes. */
  caches: ResponseCaches;
  /** The release's reference, for the prefix the app is mounted at (`''` at the root). */
  reference(prefix: string): Reference;
  /** The instance serving it: its start and where its rate limits are counted now. */
  instance: Readonly<Instance>;
  /** Its languages, and its records in each. */
  languages: ReleaseLanguages;
}

/**
 * One route, declared once: the router's path, the methods it serves, the tier it counts against,
 * its handler and its OpenAPI operation all come from here (`http/routes.ts` lists them all).
 */
export interface RouteDeclaration {
  /**
   * The path as OpenAPI writes it (`/v1/items/{id}`, `/v1/img/{spriteId}.png`). The router's path is
   * made from it by `routerPath`, so the two cannot differ.
   */
  path: string;
  /** GET, and HEAD as GET without the body (RFC 9110 §9.3.2); every path also answers OPTIONS. */
  methods: readonly ['GET', 'HEAD'];
  tier: RouteTier;
  /** The GET operation; HEAD and the preflight are derived from it. */
  operation(build: OperationBuilder): Json;
  /** The handler for one release, made when an app starts serving it. */
  handler(release: RouteRelease): RouteHandler;
}

/** Every route serves GET and HEAD. */
export const GET_AND_HEAD = ['GET', 'HEAD'] as const;

const PARAMETER = /\{([A-Za-z][A-Za-z0-9]*)\}[^/]*/g;

/**
 * The router's path for an OpenAPI path: each `{name}` becomes `:name` and takes its whole segment,
 * suffix included (`{spriteId}.png` → `:spriteId`), so a request for `/v1/img/x.gif` still reaches
 * the image route and gets its 404, in its tier, rather than the app's answer to no route. The
 * handler checks the suffix.
 *
 * @example routerPath('/v1/img/{spriteId}.png') // '/v1/img/:spriteId'
 */
export function routerPath(path: string): string {
  return path.replace(PARAMETER, ':$1');
}
