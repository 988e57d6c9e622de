import { ApiError, ERROR_CODES, headersTooLarge, requestTimeout } from '@gamedata/core';
import { isDeepStrictEqual } from 'node:util';
import { withoutInstanceStart } from '@gamedata/test-support/same-answer';
import type { Reply } from '@gamedata/test-support/send';

/**
 * The error code each status carries, as core assigns them: each code's own status (README,
 * "API overview"), and the 408 and 431 that are `bad_request` sent with HTTP's more precise status.
 */
const CODE_BY_STATUS: Record<number, string> = Object.fromEntries(
  [
    ...ERROR_CODES.map((code) => new ApiError(code, '')),
    requestTimeout(''),
    headersTooLarge(''),
  ].map((error) => [error.status, error.code]),
);

/**
 * What every answer must be, whatever was asked, beyond what the OpenAPI document says of it: never a
 * 5xx; CORS, CORP, nosniff, a request id and the dataset version on every answer; no body for HEAD; and an
 * error body in the contract's shape with the code of its status.
 */
export function contractProblems(method: string, reply: Reply): string[] {
  const problems: string[] = [];
  if (reply.status >= 500 || reply.status < 200) problems.push(`status ${reply.status}`);
  if (reply.headers.get('access-control-allow-origin') !== '*')
    problems.push('no access-control-allow-origin: *');
  if (reply.headers.get('x-content-type-options') !== 'nosniff')
    problems.push('no x-content-type-options: nosniff');
  if (reply.headers.get('cross-origin-resource-policy') !== 'cross-origin')
    problems.push('no cross-origin-resource-policy: cross-origin');
  if (!reply.headers.get('x-request-id')) problems.push('no x-request-id');
  if (!reply.headers.get('x-dataset-version')) problems.push('no x-dataset-version');
  if (method === 'HEAD' && reply.bytes.length > 0) problems.push('a body on HEAD');
  if (reply.status >= 400 && method !== 'HEAD') {
    const code = CODE_BY_STATUS[reply.status];
    if (code === undefined) problems.push(`status ${reply.status} has no error code`);
    try {
      const body = reply.json<{ error?: { code?: unknown; message?: unknown } }>();
      if (body.error?.code !== code || typeof body.error?.message !== 'string')
        problems.push(`error body ${reply.text.slice(0, 120)} for ${reply.status}`);
    } catch {
      problems.push(`error body is not JSON: ${reply.text.slice(0, 120)}`);
    }
  }
  return problems;
}

/** What the fuzzer knows of the languages, from the served document. */
export interface LanguageContract {
  /** The languages `lang` takes, the default first. */
  tags: readonly string[];
  /** Whether the route at this path (as the server reads it, percent-encoding kept) takes `lang`. */
  localized(pathname: string): boolean;
}

/**
 * Bulk files are sent as they were published, without content-language: the one JSON answer that
 * does not name its language yet (their text is the default language's).
 */
/** Answers picked by `lang` alone: a bulk file, and what a copy syncs with (`/v1/changes`). */
const BY_LANG_ALONE = /^\/v1\/(bulk\/[^/]+\.json|changes)$/;

const LANG_REFUSALS = [400, 429, 431];

/**
 * How an answer must speak of its language, for the request that got it:
 * - every JSON answer names its language in content-language (bulk files aside, above);
 * - where the route takes `lang` (GET, HEAD): a `lang` that is not a language of the dataset in some
 *   case (a more specific tag, garbage), or `lang` given twice, is a 400 (or a 429 or 431 that came
 *   first); a 200 or 304 is in a language of the dataset, the `lang` given when there is one and the
 *   default when neither `lang` nor Accept-Language is; it names the default second, and
 *   x-language-fallback, exactly when records fell back; and it varies on Accept-Language exactly
 *   when no `lang` decided and the dataset has several languages;
 * - no other 200 or 304 varies on Accept-Language.
 * An empty `lang` is no `lang`.
 */
export function languageProblems(
  method: string,
  target: URL,
  sent: Record<string, string>,
  reply: Reply,
  languages: LanguageContract,
): string[] {
  const problems: string[] = [];
  const contentLanguage = reply.headers.get('content-language');
  if (
    reply.headers.get('content-type')?.startsWith('application/json') &&
    contentLanguage === null
  ) {
    problems.push('a JSON answer without content-language');
  }
  const answered = reply.status === 200 || reply.status === 304;
  const varies = (reply.headers.get('vary') ?? '')
    .split(',')
    .some((name) => name.trim().toLowerCase() === 'accept-language');
  if (!languages.localized(target.pathname) || (method !== 'GET' && method !== 'HEAD')) {
    if (answered && varies)
      problems.push(`varies on accept-language, on a path that takes no lang`);
    return problems;
  }
  const values = target.searchParams.getAll('lang');
  const given = values.length > 1 || (values.length === 1 && values[0] !== '');
  const asked =
    values.length === 1
      ? languages.tags.find((tag) => tag.toLowerCase() === values[0]?.toLowerCase())
      : undefined;
  if (given && asked === undefined) {
    if (!LANG_REFUSALS.includes(reply.status))
      problems.push(`${reply.status} to lang ${JSON.stringify(values)}, where a 400 was due`);
    return problems;
  }
  if (!answered) return problems;
  const [language = '', fallback, ...more] = (contentLanguage ?? '').split(', ');
  const [defaultLanguage] = languages.tags;
  if (!languages.tags.includes(language))
    problems.push(`content-language ${contentLanguage} is no language of the dataset`);
  if (
    fallback !== undefined &&
    (fallback !== defaultLanguage || fallback === language || more.length > 0)
  )
    problems.push(
      `content-language ${contentLanguage}: only the default may follow another language`,
    );
  if ((fallback !== undefined) !== reply.headers.has('x-language-fallback'))
    problems.push(
      `content-language ${contentLanguage} with x-language-fallback ${reply.headers.get('x-language-fallback')}`,
    );
  if (given) {
    if (language !== asked)
      problems.push(`content-language ${contentLanguage} to lang ${values[0]}`);
    if (varies) problems.push('varies on accept-language, though lang decided');
  } else {
    const accept = sent['accept-language'];
    // A bulk file, and the changes a copy syncs with, are picked by lang alone: without it, the
    // default language's, whatever Accept-Language says.
    if (BY_LANG_ALONE.test(target.pathname)) {
      if (varies) problems.push(`${target.pathname} varies on accept-language`);
      if (language !== defaultLanguage)
        problems.push(`content-language ${contentLanguage} of ${target.pathname} without lang`);
      return problems;
    }
    if (varies !== languages.tags.length > 1)
      problems.push(
        `vary ${reply.headers.get('vary')}, without lang, in a dataset of ${languages.tags.length} languages`,
      );
    if (!accept && language !== defaultLanguage)
      problems.push(`content-language ${contentLanguage}, without lang or Accept-Language`);
    const named =
      accept && languages.tags.find((tag) => tag.toLowerCase() === accept.toLowerCase());
    if (named && language !== named)
      problems.push(`content-language ${contentLanguage} to Accept-Language ${accept}`);
  }
  return problems;
}

/** Headers two adapters must agree on; ids, clocks, counters and framing may differ. */
const COMPARED_HEADERS = [
  'content-type',
  'content-encoding',
  'content-language',
  'x-language-fallback',
  'etag',
  'cache-control',
  'allow',
  'vary',
  'location',
  'retry-after',
  'x-dataset-version',
];

/**
 * Where two adapters' answers to the same request differ: status, the headers above, or the (decoded)
 * body. An instance-bound answer (`/v1/status`, a 200 or its 304) names when each instance started: that, and
 * the etag that hashes it, may differ, so one instance's etag is a 304 there and a 200 on the other.
 */
export function disagreements(node: Reply, lambda: Reply, instanceBound = false): string[] {
  // Revalidated with the etag one instance gave, it is that instance's 304 and the other's 200.
  const statuses = [node.status, lambda.status].sort().join();
  if (instanceBound && statuses === '200,304') return [];
  const found: string[] = [];
  if (node.status !== lambda.status)
    found.push(`status ${node.status} on Node, ${lambda.status} on Lambda`);
  for (const name of COMPARED_HEADERS) {
    const [a, b] = [node.headers.get(name), lambda.headers.get(name)];
    if (a !== b && !(instanceBound && name === 'etag'))
      found.push(`${name}: ${a} on Node, ${b} on Lambda`);
  }
  const sameBody = instanceBound
    ? isDeepStrictEqual(withoutInstanceStart(node), withoutInstanceStart(lambda))
    : Buffer.from(node.bytes).equals(Buffer.from(lambda.bytes));
  if (!sameBody)
    found.push(`body: ${node.text.slice(0, 80)} on Node, ${lambda.text.slice(0, 80)} on Lambda`);
  return found;
}
