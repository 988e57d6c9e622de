import { redirectHeaders } from '../policy/headers.js';
import { prefixOf } from './request-context.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

const OPENAPI_SCHEMA = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
};

/** `/v1/openapi.json`: this API described in OpenAPI 3.1. */
const openapiRoute: RouteDeclaration = {
  path: '/v1/openapi.json',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getOpenApiDocument',
    tags: ['reference'],
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the same schemas that shape every response.',
    parameters: [o.key],
    responses: {
      '200': {
        description: 'The OpenAPI 3.1 document.',
        headers: o.headers.json,
        content: { 'application/json': { schema: OPENAPI_SCHEMA } },
      },
      ...o.commonResponses('NotModified'),
    },
  }),
  handler:
    ({ responder, reference }) =>
    async (c) =>
      responder.representation(c, await reference(prefixOf(c)).openapiJson()),
};

/** `/docs`: the reference page, rendered from the OpenAPI document. */
const docsRoute: RouteDeclaration = {
  path: '/docs',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getDocs',
    tags: ['reference'],
    summary: 'The reference page',
    description: 'One self-contained HTML page: no script, and no request to any other URL.',
    parameters: [o.key],
    responses: {
      '200': {
        description: 'The HTML reference.',
        headers: o.headers.docs,
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      ...o.commonResponses('DocsNotModified'),
    },
  }),
  handler:
    ({ responder, reference }) =>
    async (c) =>
      responder.representation(c, await reference(prefixOf(c)).docsPage()),
};

/** `/`: a redirect to the reference page, wherever the app is mounted. */
const rootRoute: RouteDeclaration = {
  path: '/',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'redirectToDocs',
    tags: ['reference'],
    summary: 'Redirect to the reference page',
    description: 'Always a 302 to /docs.',
    parameters: [o.key],
    responses: {
      '302': { description: 'Found: the reference is at /docs.', headers: o.headers.redirect },
      ...o.commonResponses(undefined),
    },
  }),
  handler({ responder }) {
    const redirects = new Map<string, ReturnType<typeof responder.fixed>>();
    return (c) => {
      const prefix = prefixOf(c);
      let redirect = redirects.get(prefix);
      if (!redirect)
        redirects.set(prefix, (redirect = responder.fixed(302, redirectHeaders(`${prefix}/docs`))));
      return redirect(c);
    };
  },
};

/** `/v1/openapi.json`, `/docs` and `/` (README, "API overview"). */
export const REFERENCE_ROUTES: readonly RouteDeclaration[] = [openapiRoute, docsRoute, rootRoute];
