import type { DeprecationNotice } from './client-options.js';

/** The `Link` whose relation is `deprecation` (RFC 9745 §3), among any others the header holds. */
const DEPRECATION_LINK = /<([^>]*)>[^,]*;\s*rel="?deprecation"?/;

/**
 * The deprecation notice of a response to `url`, when it carries one: `Deprecation` (RFC 9745, `@`
 * and Unix seconds), `Sunset` (RFC 8594, an HTTP-date) and the policy's link, made absolute.
 */
function readNotice(headers: Headers, url: string): DeprecationNotice | undefined {
  const seconds = /^@(-?\d+)$/.exec(headers.get('deprecation')?.trim() ?? '')?.[1];
  if (seconds === undefined) return undefined;
  const notice: DeprecationNotice = { url, deprecatedAt: new Date(Number(seconds) * 1000) };
  const sunset = headers.get('sunset');
  if (sunset) notice.sunsetAt = new Date(sunset);
  const link = DEPRECATION_LINK.exec(headers.get('link') ?? '')?.[1];
  if (link !== undefined) notice.link = new URL(link, url).href;
  return notice;
}

/** The default report: one console warning per notice, so the developer sees it and the log does not fill. */
function warn(notice: DeprecationNotice): void {
  const removal = notice.sunsetAt ? ` and removes on ${notice.sunsetAt.toISOString().slice(0, 10)}` : '';
  const policy = notice.link ? `; see ${notice.link}` : '';
  console.warn(`@gamedata/sdk: ${notice.url} uses something the API deprecated on ${notice.deprecatedAt.toISOString().slice(0, 10)}${removal}${policy}`);
}

/**
 * Reads every response's deprecation notice and reports each distinct one once — to `report`, or as
 * a console warning — however many responses repeat it.
 *
 * @example const observeDeprecation = createDeprecationReporter(options.onDeprecation); observeDeprecation(response.headers, url);
 */
export function createDeprecationReporter(report: ((notice: DeprecationNotice) => void) | undefined): (headers: Headers, url: string) => void {
  const seen = new Set<string>();
  return (headers, url) => {
    const notice = readNotice(headers, url);
    if (!notice) return;
    const key = `${headers.get('deprecation')}|${headers.get('sunset')}|${notice.link}`;
    if (seen.has(key)) return;
    seen.add(key);
    (report ?? warn)(notice);
  };
}
