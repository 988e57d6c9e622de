import { COLLECTION_NAMES, type CollectionName } from '../collections/list-names.js';
import type { Dataset } from '../dataset/dataset.js';
import { ApiError } from '../errors.js';
import { JSON_CACHE_CONTROL, VERSIONED_BULK_CACHE_CONTROL } from '../policy/headers.js';
import { bulkRepresentation, jsonRepresentation, type Representation } from '../policy/representation.js';
import { bulkIndexBody } from '../query/bodies.js';
import { readParam } from '../query/list-query.js';
import type { AddRoute } from './answer-policy.js';
import type { Responder } from './respond.js';

const BULK_FILE = new RegExp(`^(${COLLECTION_NAMES.join('|')})\\.json$`);

/**
 * `/v1/bulk` (each collection's bulk file) and `/v1/bulk/{collection}.json` (the file): our extension
 * of the contract, for clients that want everything at once. A file asked for with its version
 * (the URL the index gives) never changes and is cached for a year; asked for without one, it gets
 * the JSON lifetime. A version that is not the current one is a 404 pointing back to the index.
 */
export function registerBulkRoutes(get: AddRoute, dataset: Dataset, responder: Responder): void {
  const { version } = dataset.meta;
  const index = jsonRepresentation(version, bulkIndexBody(dataset));
  // At most two per collection (with and without the version), made on first request.
  const files = new Map<string, Representation>();
  get('/v1/bulk', (exchange) => responder.representation(exchange, index));
  get('/v1/bulk/:file', (exchange) => {
    const file = exchange.params.file ?? '';
    const name = BULK_FILE.exec(file)?.[1] as CollectionName | undefined;
    const bulk = name === undefined ? undefined : dataset.bulk?.[name];
    if (!name || !bulk) return responder.error(exchange, new ApiError('not_found', `No bulk file "${file}"; the bulk files are listed at /v1/bulk.`));
    const asked = readParam(exchange.target.params, 'version');
    if (asked !== undefined && asked !== version) {
      return responder.error(exchange, new ApiError('not_found', `No bulk file of version ${asked}; those of the current version, ${version}, are listed at /v1/bulk.`));
    }
    const key = `${name}${asked === undefined ? '' : '@'}`;
    let representation = files.get(key);
    if (!representation) files.set(key, (representation = bulkRepresentation(version, bulk, asked === undefined ? JSON_CACHE_CONTROL : VERSIONED_BULK_CACHE_CONTROL)));
    return responder.representation(exchange, representation);
  });
}
