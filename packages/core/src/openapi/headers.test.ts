import { describe, expect, it } from 'vitest';
import { methodNotAllowed, rateLimited } from '../policy/errors.js';
import {
  commonHeaders,
  deprecationHeaders,
  htmlPageHeaders,
  languageHeaders,
  preflightHeaders,
  redirectHeaders,
  requestHeaders,
  STATUS_CACHE_CONTROL,
  VERSIONED_BULK_CACHE_CONTROL,
  type HeaderSet,
} from '../policy/headers.js';
import type { Compress } from '../policy/content-coding.js';
import {
  bulkRepresentation,
  encodedAs,
  errorAnswer,
  imageRepresentation,
  jsonRepresentation,
  refusalAnswer,
  textRepresentation,
} from '../policy/representation.js';
import { ApiError } from '../errors.js';
import { QUERY_KEY_DEPRECATION } from '../policy/deprecations.js';
import { TIERS } from '../ratelimit/tiers.js';
import { HEADER_SETS } from './headers.js';

const state = {
  tier: 'anonymous' as const,
  limit: 60,
  remaining: 0,
  resetSeconds: 42,
  allowed: false,
};
// The representations are made in each test, not while the file is collected: their etags are
// hashed then, and mutation testing counts what runs while collecting as reached by every test
// (CONTRIBUTING.md, "Mutation testing").
/** A page with records that fell back to the default language: every header a JSON answer can have. */
const json = () =>
  jsonRepresentation('2026-11-20.1', { data: [] }, languageHeaders('es', 'en', [0]));
const status = () =>
  jsonRepresentation(
    '2026-11-20.1',
    { data: {} },
    languageHeaders('en', 'en'),
    STATUS_CACHE_CONTROL,
  );
const image = () =>
  imageRepresentation('2026-11-20.1', { bytes: new Uint8Array(8), etag: '"abc"' });
/** A translated bulk file: every header a bulk file can have. */
const bulkBytes = new TextEncoder().encode('[]');
const bulkFile = {
  count: 0,
  bytes: 2,
  sha256: '0'.repeat(64),
  identity: () => bulkBytes,
  br: new Uint8Array(6),
  gzip: new Uint8Array(22),
};
const bulk = () =>
  bulkRepresentation(
    '2026-11-20.1',
    bulkFile,
    VERSIONED_BULK_CACHE_CONTROL,
    languageHeaders('de', 'en'),
  );
const page = () =>
  textRepresentation(
    '2026-11-20.1',
    '<!doctype html>',
    'text/html; charset=utf-8',
    htmlPageHeaders("'sha256-x'"),
  );

/** The notice of a request that uses something deprecated, with a removal date: every header it can have. */
const deprecation = deprecationHeaders(
  { ...QUERY_KEY_DEPRECATION, sunsetAt: Date.UTC(2027, 10, 25) },
  '/docs',
);

/**
 * What the policy sends on a counted answer, less content-type (OpenAPI 3.1 §4.8.21: not a header)
 * and content-length (message framing, not the API's).
 */
const sent = (...sets: HeaderSet[]) =>
  Object.keys(
    Object.assign(
      {},
      commonHeaders('2026-11-20.1'),
      requestHeaders('req-1', state, deprecation),
      ...sets,
    ),
  )
    .filter((name) => name !== 'content-type' && name !== 'content-length')
    .sort();
const compress: Compress = (body) => new Uint8Array(body);

// The document describes exactly the headers the response policy decides, for every kind of answer.
describe('the OpenAPI header sets', () => {
  it.each<[keyof typeof HEADER_SETS, () => string[]]>([
    ['json', () => sent(encodedAs(json(), 'br', compress).headers)],
    ['status', () => sent(encodedAs(status(), 'br', compress).headers)],
    ['image', () => sent(image().identity.headers)],
    ['bulk', () => sent(bulk().encoded.br?.headers ?? {})],
    ['docs', () => sent(encodedAs(page(), 'gzip', compress).headers)],
    ['redirect', () => sent(redirectHeaders('/docs'))],
    ['error', () => sent(errorAnswer(new ApiError('not_found', 'x'), '2026-11-20.1').headers)],
    ['methodNotAllowed', () => sent(errorAnswer(methodNotAllowed('POST'), '2026-11-20.1').headers)],
    [
      'rateLimited',
      () => sent(errorAnswer(rateLimited(TIERS.anonymous, state), '2026-11-20.1').headers),
    ],
    ['failed', () => sent(errorAnswer(new ApiError('internal', 'x'), '2026-11-20.1').headers)],
    ['internal', () => sent(errorAnswer(new ApiError('internal', 'x'), '2026-11-20.1').headers)],
    ['preflight', () => sent(preflightHeaders())],
  ])('%s names what the policy sends', (kind, expected) => {
    expect(Object.keys(HEADER_SETS[kind]).sort()).toEqual(expected());
  });

  it("a server failure's required headers are those an adapter's last-resort answer sends", () => {
    const internal = HEADER_SETS.internal as Record<string, { $ref?: string; required?: boolean }>;
    const required = Object.keys(internal).filter(
      (name) => internal[name]?.$ref !== undefined || internal[name]?.required !== false,
    );
    const refusal = Object.keys(
      refusalAnswer(new ApiError('internal', 'x'), '2026-11-20.1').headers,
    ).filter((name) => name !== 'content-type' && name !== 'content-length');
    expect(required.sort()).toEqual(refusal.sort());
  });

  it('a 304 keeps what its 200 has but the content type, length and coding', () => {
    for (const representation of [json(), image(), page(), bulk()]) {
      const framing = ['content-type', 'content-length', 'content-encoding'];
      expect(Object.keys(representation.notModified).sort()).toEqual(
        Object.keys(representation.identity.headers)
          .filter((name) => !framing.includes(name))
          .sort(),
      );
    }
  });

  it('a compressed 200 has what the uncompressed one has, and its coding', () => {
    for (const representation of [json(), page()]) {
      expect(Object.keys(encodedAs(representation, 'br', compress).headers).sort()).toEqual(
        [...Object.keys(representation.identity.headers), 'content-encoding'].sort(),
      );
    }
  });
});
