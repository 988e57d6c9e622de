import type { Sprite } from '../dataset/dataset.js';
import { toErrorBody, type ApiError } from '../errors.js';
import { makeWeakEtag } from '../etag.js';
import {
  errorHeaders,
  IMAGE_CACHE_CONTROL,
  JSON_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  notModifiedHeaders,
  okHeaders,
  PNG_CONTENT_TYPE,
  type HeaderList,
  type HeaderSet,
  type RepresentationMeta,
} from './headers.js';

/**
 * A serialised response body, its validator and the headers of its 200 and of its 304, all worked
 * out once per dataset version and reused by every request that is answered with it.
 */
export interface Representation extends RepresentationMeta {
  body: Uint8Array<ArrayBuffer>;
  okHeaders: HeaderList;
  notModifiedHeaders: HeaderList;
}

const encoder = new TextEncoder();

function represent(body: Uint8Array<ArrayBuffer>, meta: RepresentationMeta): Representation {
  return { ...meta, body, okHeaders: Object.entries(okHeaders(meta)), notModifiedHeaders: Object.entries(notModifiedHeaders(meta)) };
}

/**
 * A text body (JSON, HTML) with its weak, version-embedding etag (spec §9) and the JSON cache lifetime.
 *
 * @example textRepresentation('2026-11-20.1', '<!doctype html>…', HTML_CONTENT_TYPE, htmlPageHeaders(hash))
 */
export function textRepresentation(version: string, body: string, contentType: string, headers?: HeaderSet): Representation {
  // Encoded once here: a cached representation is then sent as bytes, not re-encoded per request.
  return represent(encoder.encode(body), { etag: makeWeakEtag(version, body), contentType, cacheControl: JSON_CACHE_CONTROL, ...(headers ? { headers } : {}) });
}

/**
 * A JSON body (spec §4: every JSON response has an etag embedding the dataset version).
 *
 * @example jsonRepresentation(dataset.meta.version, { data: dataset.meta })
 */
export function jsonRepresentation(version: string, payload: unknown): Representation {
  return textRepresentation(version, JSON.stringify(payload), JSON_CONTENT_TYPE);
}

/**
 * A sprite's PNG with its content etag and the long image lifetime (spec §4, image endpoint).
 *
 * @example imageRepresentation(dataset.sprites.get('sword.4')!)
 */
export function imageRepresentation(sprite: Sprite): Representation {
  return represent(sprite.bytes, { etag: sprite.etag, contentType: PNG_CONTENT_TYPE, cacheControl: IMAGE_CACHE_CONTROL });
}

/**
 * An error answer (spec §7): the contract's body, its etag and the headers the policy gives the
 * error. Errors are never answered with a 304, so no 200 or 304 header lists are worked out.
 *
 * @example errorAnswer(methodNotAllowed('POST'), dataset.meta.version).headers
 */
export function errorAnswer(error: ApiError, version: string): { body: Uint8Array<ArrayBuffer>; headers: HeaderList } {
  const text = JSON.stringify(toErrorBody(error));
  return { body: encoder.encode(text), headers: Object.entries(errorHeaders(error, makeWeakEtag(version, text))) };
}
