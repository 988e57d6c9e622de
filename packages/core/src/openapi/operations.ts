import type { Dataset } from '../dataset/dataset.js';
import { routesOf } from '../http/routes.js';
import { buildExamples } from './examples.js';
import { HEADER_SETS } from './headers.js';
import type { OperationBuilder } from './operation-builder.js';
import {
  buildFacetParameters,
  buildLanguageParameter,
  buildListParameters,
  fieldsParameter,
  buildPathParameter,
  buildSearchParameters,
  buildSinceParameter,
  buildAtParameter,
  PAGE_PARAMETERS,
  INCLUDE_PARAMETER,
  KEY_PARAMETER,
} from './parameters.js';
import { refTo, type Json } from './refs.js';
import { commonResponses, jsonResponse } from './responses.js';

/**
 * The same operation for HEAD: GET without the body (RFC 9110 §9.3.2), so each inline response keeps
 * its headers and loses its content. Shared error responses stay references: they name the code a GET
 * would read in the body.
 */
function headOf(get: Json): Json {
  const responses = Object.entries(get.responses as Record<string, Json>).map(
    ([status, { content: _content, ...response }]) => [status, response],
  );
  return {
    ...get,
    operationId: `${String(get.operationId)}Head`,
    summary: `${String(get.summary)} (headers only)`,
    responses: Object.fromEntries(responses),
  };
}

/**
 * A path item: its GET operation, the same as HEAD, and the CORS preflight every path answers
 * (OPTIONS, 204). Path parameters are declared once on the item, so all three carry them (OpenAPI 3.1
 * §4.8.9.1). A preflight is never counted, so never a 429, and no path refuses it with a 405; only a
 * request the server could not read is refused.
 */
function pathItem(get: Json): Json {
  const parameters = get.parameters as Json[];
  const operation = { ...get, parameters: parameters.filter((p) => p.in !== 'path') };
  const pathParameters = parameters.filter((p) => p.in === 'path');
  return {
    ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
    get: operation,
    head: headOf(operation),
    options: {
      operationId: `${String(get.operationId)}Preflight`,
      tags: get.tags,
      summary: 'CORS preflight',
      description:
        'Browsers send this before a cross-origin GET with `Authorization` or `If-None-Match`. Not counted against any rate limit.',
      security: [],
      responses: {
        '204': refTo('responses', 'Preflight'),
        '408': refTo('responses', 'RequestTimeout'),
        '431': refTo('responses', 'HeadersTooLarge'),
      },
    },
  };
}

/**
 * Every path of the API (README, "API overview"), in the order the reference shows them: one path
 * item per declared route, its operation written by the route's declaration.
 *
 * @example Object.keys(buildPaths(dataset))[0] // '/v1/items'
 */
export function buildPaths(dataset: Dataset): Json {
  const build: OperationBuilder = {
    dataset,
    examples: buildExamples(dataset),
    key: KEY_PARAMETER,
    headers: HEADER_SETS,
    listParameters: (list) => buildListParameters(list, dataset),
    facetParameters: (list) => buildFacetParameters(list, dataset),
    fieldsParameter,
    pathParameter: buildPathParameter,
    searchParameters: () => buildSearchParameters(dataset),
    sinceParameter: () => buildSinceParameter(dataset),
    atParameter: () => buildAtParameter(dataset),
    pageParameters: PAGE_PARAMETERS,
    includeParameter: () => INCLUDE_PARAMETER,
    languageParameter: () =>
      buildLanguageParameter([dataset.language, ...Object.keys(dataset.translations)]),
    jsonResponse,
    commonResponses,
    ref: refTo,
  };
  return Object.fromEntries(
    routesOf(dataset.registry).map((route) => [route.path, pathItem(route.operation(build))]),
  );
}
