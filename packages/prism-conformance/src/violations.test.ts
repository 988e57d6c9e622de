import { describe, expect, it } from 'vitest';
import { disagreements, violationsOf, type Violation } from './violations.js';
import type { Reply } from '@gamedata/test-support/send';

const response: Violation = {
  location: ['response', 'body', 'data'],
  severity: 'Error',
  message: 'must be array',
};
const request: Violation = {
  location: ['request', 'query', 'limit'],
  severity: 'Error',
  message: 'Request query parameter limit must be integer',
};
const noRoute: Violation = {
  location: ['request'],
  severity: 'Warning',
  message: 'Selected route not found',
};
const deprecated: Violation = {
  location: ['request', 'query', 'key'],
  severity: 'Warning',
  message: 'Query param key is deprecated',
};

const replyWith = (header?: string) =>
  ({ headers: new Headers(header === undefined ? {} : { 'sl-violations': header }) }) as Reply;

describe('violationsOf', () => {
  it.each<[string, string | undefined, Violation[]]>([
    ['no header: nothing found', undefined, []],
    ['the JSON list Prism sends', JSON.stringify([response, request]), [response, request]],
    [
      'a truncated list: one finding with the text',
      'Too many violations! [{"loc',
      [{ location: ['response'], severity: 'Error', message: 'Too many violations! [{"loc' }],
    ],
  ])('%s', (_what, header, expected) => {
    expect(violationsOf(replyWith(header))).toEqual(expected);
  });
});

describe('disagreements', () => {
  it.each<[string, Violation[], number, Violation[]]>([
    ['a response finding on a 200', [response], 200, [response]],
    ['a response finding on a 404', [response], 404, [response]],
    [
      'a request finding on a 200: the document refuses what the server serves',
      [request],
      200,
      [request],
    ],
    ['a request finding on a 400: the case sends a bad request on purpose', [request], 400, []],
    ['no route on a 200', [noRoute], 200, [noRoute]],
    ['no route on a 405', [noRoute], 405, []],
    ['?key= is deprecated, on purpose', [deprecated], 200, []],
    ['a request finding on a 500 is not excused', [request], 500, [request]],
  ])('%s', (_what, violations, status, expected) => {
    expect(disagreements(violations, status)).toEqual(expected);
  });
});
