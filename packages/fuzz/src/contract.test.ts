import type { Reply } from '@gamedata/test-support/send';
import { describe, expect, it } from 'vitest';
import {
  contractProblems,
  disagreements,
  languageProblems,
  type LanguageContract,
} from './contract.js';

const HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'x-request-id': 'id',
  'x-dataset-version': '2026-11-20.1',
};

function errorReply(status: number, code: string): Reply {
  const text = JSON.stringify({ error: { code, message: 'Refused.' } });
  return {
    status,
    headers: new Headers(HEADERS),
    text,
    bytes: new TextEncoder().encode(text),
    json: () => JSON.parse(text),
  };
}

describe('contractProblems', () => {
  it.each([
    [400, 'bad_request'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [408, 'bad_request'],
    [429, 'rate_limited'],
    [431, 'bad_request'],
  ])('accepts a %i with code %s', (status, code) => {
    expect(contractProblems('GET', errorReply(status, code))).toEqual([]);
  });

  it.each([
    [408, 'request_timeout'],
    [431, 'headers_too_large'],
    [400, 'not_found'],
  ])('refuses a %i with code %s', (status, code) => {
    expect(contractProblems('GET', errorReply(status, code))).toEqual([
      expect.stringContaining(`for ${status}`),
    ]);
  });

  it('refuses an answer other origins may not embed (no cross-origin-resource-policy)', () => {
    const reply = errorReply(404, 'not_found');
    reply.headers.delete('cross-origin-resource-policy');
    expect(contractProblems('GET', reply)).toEqual([
      'no cross-origin-resource-policy: cross-origin',
    ]);
  });
});

describe('disagreements', () => {
  const status = (started: string, version = '2026-11-20.1'): Reply => {
    const text = JSON.stringify({ data: { version, rateLimits: 'per-instance', started } });
    return {
      status: 200,
      headers: new Headers({ ...HEADERS, etag: `W/"${started}"` }),
      text,
      bytes: new TextEncoder().encode(text),
      json: () => JSON.parse(text),
    };
  };

  it("lets two instances' status differ in their start and its etag alone", () => {
    expect(
      disagreements(status('2026-11-25T09:00:00.000Z'), status('2026-11-25T09:00:01.000Z'), true),
    ).toEqual([]);
    expect(
      disagreements(
        status('2026-11-25T09:00:00.000Z'),
        status('2026-11-25T09:00:00.000Z', '2026-11-21.1'),
        true,
      ),
    ).toEqual([expect.stringMatching(/^body: /)]);
  });

  it("lets one instance's etag be a 304 there and a 200 on the other, for the status alone", () => {
    const notModified = { ...status('2026-11-25T09:00:00.000Z'), status: 304 };
    const other = status('2026-11-25T09:00:01.000Z');
    expect(disagreements(notModified, other, true)).toEqual([]);
    expect(disagreements(notModified, other)[0]).toBe('status 304 on Node, 200 on Lambda');
  });

  it('holds any other answer to every byte and its etag', () => {
    expect(
      disagreements(status('2026-11-25T09:00:00.000Z'), status('2026-11-25T09:00:01.000Z')),
    ).toEqual([expect.stringMatching(/^etag: /), expect.stringMatching(/^body: /)]);
  });
});

describe('languageProblems', () => {
  const languages: LanguageContract = {
    tags: ['en', 'de', 'es'],
    localized: (pathname) =>
      /^\/v1\/(items|items\/[^/]+|stats|bulk\/[^/]+\.json|changes)$/.test(pathname),
  };
  const NEGOTIATED = 'accept-encoding, authorization, accept-language';
  const FIXED = 'accept-encoding, authorization';
  const reply = (status: number, headers: Record<string, string>): Reply => {
    // A 204 and a 304 have no body, and so no content type.
    const text = status === 204 || status === 304 ? '' : '{"data":[]}';
    const type: Record<string, string> =
      text === '' ? {} : { 'content-type': 'application/json; charset=utf-8' };
    return {
      status,
      headers: new Headers({ ...HEADERS, ...type, ...headers }),
      text,
      bytes: new TextEncoder().encode(text),
      json: () => JSON.parse(text),
    };
  };
  const problems = (
    target: string,
    answer: Reply,
    sent: Record<string, string> = {},
    method = 'GET',
  ) => languageProblems(method, new URL(`http://fuzz.example${target}`), sent, answer, languages);

  it('accepts a language lang names in any case, a negotiated one, and a page that fell back', () => {
    expect(
      problems('/v1/items?lang=DE', reply(200, { 'content-language': 'de', vary: FIXED })),
    ).toEqual([]);
    expect(
      problems('/v1/items?lang=%64e', reply(304, { 'content-language': 'de', vary: FIXED })),
    ).toEqual([]);
    expect(
      problems('/v1/items/x', reply(200, { 'content-language': 'en', vary: NEGOTIATED })),
    ).toEqual([]);
    expect(
      problems('/v1/items?lang=', reply(200, { 'content-language': 'de', vary: NEGOTIATED }), {
        'accept-language': 'de-CH, fr;q=0.5',
      }),
    ).toEqual([]);
    expect(
      problems(
        '/v1/stats?lang=es',
        reply(200, { 'content-language': 'es, en', 'x-language-fallback': '0-2,5', vary: FIXED }),
      ),
    ).toEqual([]);
    expect(
      problems('/v1/meta?lang=xx', reply(200, { 'content-language': 'en', vary: FIXED }), {
        'accept-language': 'de',
      }),
    ).toEqual([]);
  });

  it('wants the 400 for a language the dataset lacks, a more specific tag, garbage and lang given twice', () => {
    for (const target of [
      '/v1/items?lang=xx',
      '/v1/items/x?lang=de-CH',
      '/v1/stats?lang=%25',
      '/v1/items?lang=de&lang=de',
      '/v1/items?lang=&lang=',
    ]) {
      expect(
        problems(target, reply(400, { 'content-language': 'en', vary: 'authorization' })),
        target,
      ).toEqual([]);
      expect(
        problems(target, reply(200, { 'content-language': 'en', vary: FIXED })),
        target,
      ).toEqual([expect.stringContaining('where a 400 was due')]);
    }
  });

  it('refuses an answer in another language than lang named, or varying on Accept-Language though lang decided', () => {
    expect(
      problems('/v1/items?lang=de', reply(200, { 'content-language': 'en', vary: NEGOTIATED })),
    ).toEqual([
      expect.stringContaining('to lang de'),
      'varies on accept-language, though lang decided',
    ]);
  });

  it('wants the changes a copy syncs with without lang in the default language, never varying on it', () => {
    expect(
      problems(
        '/v1/changes?since=2026-11-20.1&include=records',
        reply(200, { 'content-language': 'en', vary: FIXED }),
        {
          'accept-language': 'de',
        },
      ),
    ).toEqual([]);
    expect(
      problems(
        '/v1/changes?since=2026-11-20.1',
        reply(200, { 'content-language': 'de', vary: NEGOTIATED }),
      ),
    ).toEqual([
      '/v1/changes varies on accept-language',
      'content-language de of /v1/changes without lang',
    ]);
  });

  it('wants a bulk file without lang in the default language, whatever Accept-Language says, never varying on it', () => {
    expect(
      problems('/v1/bulk/items.json', reply(200, { 'content-language': 'en', vary: FIXED }), {
        'accept-language': 'de',
      }),
    ).toEqual([]);
    expect(
      problems('/v1/bulk/items.json', reply(200, { 'content-language': 'de', vary: NEGOTIATED }), {
        'accept-language': 'de',
      }),
    ).toEqual([
      '/v1/bulk/items.json varies on accept-language',
      'content-language de of /v1/bulk/items.json without lang',
    ]);
    expect(
      problems(
        '/v1/bulk/items.json?lang=de',
        reply(200, { 'content-language': 'de', vary: FIXED }),
      ),
    ).toEqual([]);
  });

  it('refuses a negotiated answer that does not vary on Accept-Language, or is not the default without any', () => {
    expect(problems('/v1/items', reply(200, { 'content-language': 'de', vary: FIXED }))).toEqual([
      expect.stringContaining('vary accept-encoding, authorization, without lang'),
      expect.stringContaining('without lang or Accept-Language'),
    ]);
    expect(
      problems('/v1/items', reply(200, { 'content-language': 'en', vary: NEGOTIATED }), {
        'accept-language': 'ES',
      }),
    ).toEqual([expect.stringContaining('to Accept-Language ES')]);
  });

  it('refuses a language the dataset lacks, a fallback that is not the default, and x-language-fallback out of step', () => {
    expect(
      problems('/v1/items?lang=de', reply(200, { 'content-language': 'de, es', vary: FIXED })),
    ).toEqual([
      expect.stringContaining('only the default may follow'),
      expect.stringContaining('with x-language-fallback null'),
    ]);
    expect(
      problems(
        '/v1/items/x?lang=es',
        reply(200, { 'content-language': 'es', 'x-language-fallback': '0', vary: FIXED }),
      ),
    ).toEqual([expect.stringContaining('with x-language-fallback 0')]);
    expect(
      problems('/v1/items', reply(200, { 'content-language': 'fr', vary: NEGOTIATED }), {
        'accept-language': 'fr',
      }),
    ).toEqual([expect.stringContaining('is no language of the dataset')]);
  });

  it('refuses a JSON answer without content-language, and Accept-Language in the vary of a path that takes no lang', () => {
    expect(problems('/v1/meta', reply(200, { vary: FIXED }))).toEqual([
      'a JSON answer without content-language',
    ]);
    expect(
      problems('/v1/bulk/items.json', reply(200, { 'content-language': 'en', vary: FIXED })),
    ).toEqual([]);
    expect(
      problems('/v1/meta', reply(304, { 'content-language': 'en', vary: NEGOTIATED })),
    ).toEqual(['varies on accept-language, on a path that takes no lang']);
    expect(problems('/v1/items', reply(204, {}), {}, 'OPTIONS')).toEqual([]);
  });
});
