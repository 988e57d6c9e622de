import { describe, expect, it } from 'vitest';
import { methodNotAllowed, rateLimited } from '../policy/errors.js';
import {
  commonHeaders,
  errorHeaders,
  htmlPageHeaders,
  notModifiedHeaders,
  okHeaders,
  preflightHeaders,
  redirectHeaders,
  requestHeaders,
  type HeaderSet,
} from '../policy/headers.js';
import { imageRepresentation, jsonRepresentation, textRepresentation } from '../policy/representation.js';
import { ApiError } from '../errors.js';
import { TIERS } from '../ratelimit/tiers.js';
import { HEADER_SETS } from './headers.js';

const state = { tier: 'anonymous' as const, limit: 60, remaining: 0, resetSeconds: 42, allowed: false };
const json = jsonRepresentation('2026-11-20.1', { data: [] });
const image = imageRepresentation({ bytes: new Uint8Array(8), etag: '"abc"' });
const page = textRepresentation('2026-11-20.1', '<!doctype html>', 'text/html; charset=utf-8', htmlPageHeaders("'sha256-x'"));

/** What the policy sends on a counted answer, less content-type (OpenAPI 3.1 §4.8.21: not a header). */
const sent = (...sets: HeaderSet[]) =>
  Object.keys(Object.assign({}, commonHeaders('2026-11-20.1'), requestHeaders('req-1', state), ...sets))
    .filter((name) => name !== 'content-type')
    .sort();

// The document describes exactly the headers the response policy decides, for every kind of answer.
describe('the OpenAPI header sets', () => {
  it.each<[keyof typeof HEADER_SETS, string[]]>([
    ['json', sent(okHeaders(json))],
    ['image', sent(okHeaders(image))],
    ['docs', sent(okHeaders(page))],
    ['redirect', sent(redirectHeaders('/docs'))],
    ['methodNotAllowed', sent(errorHeaders(methodNotAllowed('POST'), json.etag))],
    ['rateLimited', sent(errorHeaders(rateLimited(TIERS.anonymous, state), json.etag))],
    ['failed', sent(errorHeaders(new ApiError('internal', 'x'), json.etag))],
    ['preflight', sent(preflightHeaders())],
  ])('%s names what the policy sends', (kind, expected) => {
    expect(Object.keys(HEADER_SETS[kind]).sort()).toEqual(expected);
  });

  it('a 304 keeps what its 200 has but the content type', () => {
    expect(Object.keys(notModifiedHeaders(page)).sort()).toEqual(Object.keys(okHeaders(page)).filter((name) => name !== 'content-type').sort());
  });
});
