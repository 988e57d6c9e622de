import { COLLECTIONS } from '../collections/collections.js';
import type { CollectionDescriptor } from '../collections/descriptor.js';
import { COLLECTION_NAMES, LIST_NAMES, type ListName } from '../collections/list-names.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { buildExamples } from './examples.js';
import { HEADER_SETS } from './headers.js';
import { getOperationId, listOperationId } from './operation-ids.js';
import { buildListParameters, buildPathParameter, buildSinceParameter, KEY_PARAMETER } from './parameters.js';
import { refTo, type Json } from './refs.js';
import { commonResponses, jsonResponse } from './responses.js';

type Examples = ReturnType<typeof buildExamples>;

/**
 * The same operation for HEAD: GET without the body (RFC 9110 §9.3.2), so each inline response keeps
 * its headers and loses its content. Shared error responses stay references: they name the code a GET
 * would read in the body.
 */
function headOf(get: Json): Json {
  const responses = Object.entries(get.responses as Record<string, Json>).map(([status, { content: _content, ...response }]) => [status, response]);
  return { ...get, operationId: `${String(get.operationId)}Head`, summary: `${String(get.summary)} (headers only)`, responses: Object.fromEntries(responses) };
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
      description: 'Browsers send this before a cross-origin GET with `Authorization` or `If-None-Match`. Not counted against any rate limit.',
      security: [],
      responses: { '204': refTo('responses', 'Preflight'), '408': refTo('responses', 'RequestTimeout'), '431': refTo('responses', 'HeadersTooLarge') },
    },
  };
}

/** `/v1/{list}` and `/v1/{list}/{id}`, as the list's descriptor describes them. */
function collectionPaths<R extends { id: string }>(descriptor: CollectionDescriptor<R>, firstId: string | undefined, parameters: Json[], examples: Examples): Json {
  const { name: list, noun, typeName } = descriptor;
  return {
    [`/v1/${list}`]: pathItem({
      operationId: listOperationId(list),
      tags: [list],
      summary: `List ${list}`,
      description: 'Ordered by id, ascending (code-unit order). Filters combine with AND. Page with `limit` and `cursor`.',
      parameters: [...parameters, KEY_PARAMETER],
      responses: {
        '200': jsonResponse(`A page of ${list}.`, `${typeName}List`, HEADER_SETS.json, examples[listOperationId(list)]),
        '400': refTo('responses', 'BadRequest'),
        ...commonResponses('NotModified'),
      },
    }),
    [`/v1/${list}/{id}`]: pathItem({
      operationId: getOperationId(typeName),
      tags: [list],
      summary: `Fetch one ${noun}`,
      description: `The ${noun} with this id, or a 404.`,
      parameters: [buildPathParameter('id', `The ${noun}'s public id.`, firstId), KEY_PARAMETER],
      responses: {
        '200': jsonResponse(`The ${noun}.`, `${typeName}Response`, HEADER_SETS.json, examples[getOperationId(typeName)]),
        '404': refTo('responses', 'NotFound'),
        ...commonResponses('NotModified'),
      },
    }),
  };
}

function listPaths<K extends ListName>(dataset: Dataset, list: K, examples: Examples): Json {
  const collection = collectionOf(dataset, list);
  return collectionPaths(COLLECTIONS[list], collection.records[0]?.id, buildListParameters(list, dataset), examples);
}

function firstIcon(dataset: Dataset): string | undefined {
  return dataset.items.records.find((item) => item.icon)?.icon;
}

function datasetPaths(dataset: Dataset, examples: Examples): Json {
  return {
    '/v1/stats': pathItem({
      operationId: 'listStats',
      tags: ['stats'],
      summary: 'The whole stat vocabulary',
      description: 'Small and unpaginated: every key used in `item.stats[].stat` and `item.roll`. Stat keys are not guessable; read them here.',
      parameters: [KEY_PARAMETER],
      responses: { '200': jsonResponse('Every stat.', 'StatList', HEADER_SETS.json, examples.listStats), ...commonResponses('NotModified') },
    }),
    '/v1/meta': pathItem({
      operationId: 'getMeta',
      tags: ['meta'],
      summary: 'Dataset version and counts',
      description: 'Poll this (or read `x-dataset-version` on any response) to notice a new dataset.',
      parameters: [KEY_PARAMETER],
      responses: { '200': jsonResponse('The dataset description.', 'MetaResponse', HEADER_SETS.json, examples.getMeta), ...commonResponses('NotModified') },
    }),
    '/v1/changes': pathItem({
      operationId: 'listChanges',
      tags: ['changes'],
      summary: 'What changed since a version',
      description:
        'Our extension of the contract. Every release after `since` up to the current one, oldest first, each with its version, published time and, per collection, the ids it added, changed and removed. Fetch the changed and added records by id (`ids=` on a list), drop the removed ones, and your copy is current. Unpaginated.',
      parameters: [buildSinceParameter(dataset), KEY_PARAMETER],
      responses: {
        '200': jsonResponse('The releases after `since`.', 'ReleaseChangeList', HEADER_SETS.json, examples.listChanges),
        '400': refTo('responses', 'BadRequest'),
        ...commonResponses('NotModified'),
      },
    }),
    ...bulkPaths(examples),
    '/v1/img/{spriteId}.png': pathItem({
      operationId: 'getImage',
      tags: ['images'],
      summary: 'Artwork',
      description: 'The PNG named by a record\'s `icon`. Counted under the images tier, with or without a key.',
      parameters: [buildPathParameter('spriteId', 'A sprite id: the `icon` of a record.', firstIcon(dataset)), KEY_PARAMETER],
      responses: {
        '200': { description: 'The PNG.', headers: HEADER_SETS.image, content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } },
        '404': refTo('responses', 'NotFound'),
        ...commonResponses('ImageNotModified'),
      },
    }),
  };
}

/** A bulk file's body: the records of one collection, each of its collection's type. */
const BULK_FILE_SCHEMA = {
  type: 'array',
  items: { anyOf: [...LIST_NAMES.map((list) => refTo('schemas', COLLECTIONS[list].typeName)), refTo('schemas', 'Stat')] },
};

function bulkPaths(examples: Examples): Json {
  return {
    '/v1/bulk': pathItem({
      operationId: 'listBulkFiles',
      tags: ['bulk'],
      summary: 'Every bulk file',
      description: 'Our extension of the contract. For each collection: the release version, record count, size, SHA-256 and URL of its bulk file.',
      parameters: [KEY_PARAMETER],
      responses: { '200': jsonResponse('The bulk files.', 'BulkFileEntryList', HEADER_SETS.json, examples.listBulkFiles), ...commonResponses('NotModified') },
    }),
    '/v1/bulk/{collection}.json': pathItem({
      operationId: 'getBulkFile',
      tags: ['bulk'],
      summary: 'One collection, whole',
      description:
        'Our extension of the contract. Every public record of the collection as one JSON array, in list order: the same fields as the API, never more. Sent as br or gzip when Accept-Encoding allows (compressed once, when the release was published). Counted as one request of your tier.',
      parameters: [
        { name: 'collection', in: 'path', required: true, description: 'The collection.', schema: { type: 'string', enum: [...COLLECTION_NAMES], examples: ['items'] } },
        {
          name: 'version',
          in: 'query',
          required: false,
          description: 'The release the file belongs to, as the URL from /v1/bulk names it: then it may be cached for a year. Any version but the current one is a 404.',
          schema: { type: 'string', pattern: DATASET_VERSION_PATTERN.source },
        },
        KEY_PARAMETER,
      ],
      responses: {
        '200': { description: 'The records.', headers: HEADER_SETS.bulk, content: { 'application/json': { schema: BULK_FILE_SCHEMA } } },
        '400': refTo('responses', 'BadRequest'),
        '404': refTo('responses', 'NotFound'),
        ...commonResponses('BulkNotModified'),
      },
    }),
  };
}

const OPENAPI_SCHEMA = { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } };

function referencePaths(): Json {
  return {
    '/v1/openapi.json': pathItem({
      operationId: 'getOpenApiDocument',
      tags: ['reference'],
      summary: 'This document',
      description: 'OpenAPI 3.1, generated from the same schemas that shape every response.',
      parameters: [KEY_PARAMETER],
      responses: {
        '200': { description: 'The OpenAPI 3.1 document.', headers: HEADER_SETS.json, content: { 'application/json': { schema: OPENAPI_SCHEMA } } },
        ...commonResponses('NotModified'),
      },
    }),
    '/docs': pathItem({
      operationId: 'getDocs',
      tags: ['reference'],
      summary: 'The reference page',
      description: 'One self-contained HTML page: no script, and no request to any other URL.',
      parameters: [KEY_PARAMETER],
      responses: {
        '200': { description: 'The HTML reference.', headers: HEADER_SETS.docs, content: { 'text/html': { schema: { type: 'string' } } } },
        ...commonResponses('NotModified'),
      },
    }),
    '/': pathItem({
      operationId: 'redirectToDocs',
      tags: ['reference'],
      summary: 'Redirect to the reference page',
      description: 'Always a 302 to /docs.',
      parameters: [KEY_PARAMETER],
      responses: { '302': { description: 'Found: the reference is at /docs.', headers: HEADER_SETS.redirect }, ...commonResponses(undefined) },
    }),
  };
}

/**
 * Every path of the contract (spec §4, "Table of endpoints"), in the order the reference shows them.
 *
 * @example Object.keys(buildPaths(dataset))[0] // '/v1/items'
 */
export function buildPaths(dataset: Dataset): Json {
  const examples = buildExamples(dataset);
  const lists = LIST_NAMES.map((list) => listPaths(dataset, list, examples));
  return Object.assign({}, ...lists, datasetPaths(dataset, examples), referencePaths());
}
