import type { BulkFile } from '../dataset/bulk.js';
import type { Sprite } from '../dataset/dataset.js';
import { toErrorBody, type ApiError } from '../errors.js';
import { makeWeakEtag } from '../etag.js';
import type { Compress, ContentCoding } from './content-coding.js';
import {
  commonHeaders,
  encodedHeaders,
  errorHeaders,
  IMAGE_CACHE_CONTROL,
  JSON_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  PNG_CONTENT_TYPE,
  refusalHeaders,
  representationHeaders,
  type HeaderSet,
  type RepresentationMeta,
} from './headers.js';

/** A body as sent in one content coding, with every header of its 200 but the request's own. */
export interface Encoded {
  body: Uint8Array<ArrayBuffer>;
  headers: HeaderSet;
}

/**
 * A serialised response and everything about sending it, worked out once per dataset version and
 * reused by every request answered with it: the etag, the 200's bytes and headers, the 304's headers,
 * and — made on the first request that asks for each — its compressed forms.
 */
export interface Representation {
  meta: RepresentationMeta;
  /** Text (JSON, HTML) may be sent compressed; a PNG is compressed already. */
  compressible: boolean;
  identity: Encoded;
  /** The 304's headers: the same for every coding, as the etag is. */
  notModified: HeaderSet;
  encoded: Partial<Record<ContentCoding, Encoded>>;
}

const encoder = new TextEncoder();

function represent(
  version: string,
  body: Uint8Array<ArrayBuffer>,
  meta: RepresentationMeta,
  compressible: boolean,
): Representation {
  const { ok, notModified } = representationHeaders(version, meta, compressible, body.byteLength);
  return { meta, compressible, identity: { body, headers: ok }, notModified, encoded: {} };
}

/**
 * The representation in `coding`, compressed on first use and kept: serving br costs what serving
 * identity does from the second request on. The etag stays the same (weak: the content is equal).
 *
 * @example encodedAs(representation, 'br', compress).headers['content-encoding'] // 'br'
 */
export function encodedAs(
  representation: Representation,
  coding: ContentCoding,
  compress: Compress,
): Encoded {
  return (representation.encoded[coding] ??= encodedForm(
    representation,
    coding,
    compress(representation.identity.body, coding),
  ));
}

/** The representation's body in `coding`, already compressed, with the 200's headers for it. */
function encodedForm(
  representation: Representation,
  coding: ContentCoding,
  body: Uint8Array<ArrayBuffer>,
): Encoded {
  return {
    body,
    headers: {
      ...representation.identity.headers,
      ...encodedHeaders(true, body.byteLength, coding),
    },
  };
}

/**
 * A text body (JSON, HTML) with its weak etag, which embeds the dataset version, and a lifetime:
 * the JSON one unless it says otherwise.
 *
 * @example textRepresentation('2026-11-20.1', '<!doctype html>…', HTML_CONTENT_TYPE, htmlPageHeaders(hash))
 */
export function textRepresentation(
  version: string,
  body: string,
  contentType: string,
  headers?: HeaderSet,
  cacheControl = JSON_CACHE_CONTROL,
): Representation {
  // Encoded once here: a cached representation is then sent as bytes, not re-encoded per request.
  const meta = {
    etag: makeWeakEtag(version, body),
    contentType,
    cacheControl,
    ...(headers ? { headers } : {}),
  };
  return represent(version, encoder.encode(body), meta, true);
}

/**
 * A JSON body already written as bytes, with the lifetime of any JSON answer, any headers of its own
 * (its language's), and its etag: by default the one that hashes its bytes.
 *
 * @example jsonBytesRepresentation(version, new TextEncoder().encode('{"data":[]}'), { 'content-language': 'en' })
 */
export function jsonBytesRepresentation(
  version: string,
  body: Uint8Array<ArrayBuffer>,
  headers?: HeaderSet,
  etag = makeWeakEtag(version, body),
): Representation {
  return represent(
    version,
    body,
    {
      etag,
      contentType: JSON_CONTENT_TYPE,
      cacheControl: JSON_CACHE_CONTROL,
      ...(headers ? { headers } : {}),
    },
    true,
  );
}

/**
 * A JSON body (every JSON response has an etag embedding the dataset version) with any headers of
 * its own (its language's), cached for the JSON lifetime unless `cacheControl` says otherwise.
 *
 * @example jsonRepresentation(dataset.meta.version, { data: dataset.meta }, { 'content-language': 'en' })
 */
export function jsonRepresentation(
  version: string,
  payload: unknown,
  headers?: HeaderSet,
  cacheControl?: string,
): Representation {
  return textRepresentation(
    version,
    JSON.stringify(payload),
    JSON_CONTENT_TYPE,
    headers,
    cacheControl,
  );
}

/**
 * A sprite's PNG with its content etag and the long image lifetime (README,
 * "Choices the contract leaves open", Images row).
 *
 * @example imageRepresentation(dataset.meta.version, dataset.sprites.get('sword.4')!)
 */
export function imageRepresentation(version: string, sprite: Sprite): Representation {
  return represent(
    version,
    sprite.bytes,
    { etag: sprite.etag, contentType: PNG_CONTENT_TYPE, cacheControl: IMAGE_CACHE_CONTROL },
    false,
  );
}

/**
 * A bulk file, with its strong etag (the SHA-256 of the uncompressed file), its br and gzip forms as
 * they were published — serving one compresses nothing — and any headers of its own (its language's).
 *
 * @example bulkRepresentation(version, dataset.bulk.items, VERSIONED_BULK_CACHE_CONTROL, { 'content-language': 'en' }).meta.etag // '"3f1c…"'
 */
export function bulkRepresentation(
  version: string,
  file: BulkFile,
  cacheControl: string,
  headers?: HeaderSet,
): Representation {
  const meta = {
    etag: `"${file.sha256}"`,
    contentType: JSON_CONTENT_TYPE,
    cacheControl,
    ...(headers ? { headers } : {}),
  };
  const representation = represent(version, file.identity(), meta, true);
  representation.encoded.br = encodedForm(representation, 'br', file.br);
  representation.encoded.gzip = encodedForm(representation, 'gzip', file.gzip);
  return representation;
}

/**
 * An error answer (README, "API overview"): the contract's body, its etag and every header the
 * policy gives the error but the request's own. Errors are never answered with a 304, and their
 * bodies are too small for a content coding to pay off, so they are always sent as they are.
 *
 * @example errorAnswer(methodNotAllowed('POST'), dataset.meta.version).headers.allow // 'GET, HEAD, OPTIONS'
 */
export function errorAnswer(error: ApiError, version: string): Encoded {
  const { text, body } = errorBody(error);
  return {
    body,
    headers: {
      ...commonHeaders(version),
      ...errorHeaders(error, makeWeakEtag(version, text)),
      'content-length': String(body.byteLength),
    },
  };
}

/** The contract's error body (README, "API overview"), as text and as the bytes sent. */
function errorBody(error: ApiError): { text: string; body: Uint8Array<ArrayBuffer> } {
  const text = JSON.stringify(toErrorBody(error));
  return { text, body: encoder.encode(text) };
}

/** An answer an adapter writes out itself: status, every header, and the body's bytes. */
export interface Refusal extends Encoded {
  status: number;
}

/**
 * The contract's error answer for requests an adapter must refuse before the app can see them: a
 * `CONNECT`, headers too large, a request line the HTTP parser rejects, a target or Host that is not
 * one. Same body and CORS as the app's own errors, `no-store`, and not counted against any limit (the
 * client could not be identified). `status` overrides the error's own, for a refusal HTTP names more
 * precisely (431).
 *
 * @example refusalAnswer(methodNotAllowed('CONNECT'), dataset.meta.version).status // 405
 */
export function refusalAnswer(
  error: ApiError,
  datasetVersion: string,
  status = error.status,
): Refusal {
  const { body } = errorBody(error);
  return {
    status,
    headers: {
      ...refusalHeaders(error, datasetVersion),
      'content-length': String(body.byteLength),
    },
    body,
  };
}
