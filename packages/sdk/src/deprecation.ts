import type { DeprecationNotice } from './client-options.js';

/** The `Link` whose relation is `deprecation` (RFC 9745 §3), among any others the header holds. */
const DEPRECATION_LINK = /<([^>]*)>[^,]*;\s*rel="?deprecation"?/;

/**
 * The deprecation notice of a response to `url`, when it carries one: `Deprecation` (RFC 9745, `@`
 * and Unix seconds), `Sunset` (RFC 8594, an HTTP-date) and the policy's link, made absolute.
 *
 * @example readNotice(response.headers, url)?.deprecatedAt
 */
export function readNotice(headers: Headers, url: string): DeprecationNotice | undefined {
  const seconds = /^@(-?\d+)$/.exec(headers.get('deprecation')?.trim() ?? '')?.[1];
  if (seconds === undefined) return undefined;
  const notice: DeprecationNotice = { url, deprecatedAt: new Date(Number(seconds) * 1000) };
  const sunset = headers.get('sunset');
  if (sunset) notice.sunsetAt = new Date(sunset);
  const link = DEPRECATION_LINK.exec(headers.get('link') ?? '')?.[1];
  if (link !== undefined) notice.link = new URL(link, url).href;
  return notice;
}

/**
 * The notice in a sentence, for the default console warning.
 *
 * @example describeNotice(notice) // 'http://…/v1/meta?key=… uses something the API deprecated on 2026-11-25; see http://…/docs#deprecations'
 */
export function describeNotice(notice: DeprecationNotice): string {
  const removal = notice.sunsetAt
    ? ` and removes on ${notice.sunsetAt.toISOString().slice(0, 10)}`
    : '';
  const policy = notice.link ? `; see ${notice.link}` : '';
  return `${notice.url} uses something the API deprecated on ${notice.deprecatedAt.toISOString().slice(0, 10)}${removal}${policy}`;
}
