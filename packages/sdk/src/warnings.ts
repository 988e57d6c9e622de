import type { ClientOptions, ClientWarning } from './client-options.js';
import { describeNotice, readNotice } from './deprecation.js';
import type { RateLimit } from './rate-limit.js';

/**
 * The tier the server serves a request in when it does not know the key it carries (README,
 * "Rate limits and keys").
 */
const ANONYMOUS_TIER = 'anonymous';

/**
 * Reads every response for what the developer should hear about — a deprecation notice, a key the
 * server treats as anonymous — and reports each distinct warning once, however many responses repeat
 * it: deprecations to `onDeprecation` when given, everything else to `onWarning`, or else as one
 * console warning.
 *
 * @example const observeWarnings = createWarningObserver(options); observeWarnings(response.headers, url, rateLimit);
 */
export function createWarningObserver({
  apiKey,
  onWarning,
  onDeprecation,
}: ClientOptions): (headers: Headers, url: string, rateLimit: RateLimit | undefined) => void {
  const seen = new Set<string>();
  const warnOnce = (id: string, warning: ClientWarning) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (warning.code === 'deprecated' && onDeprecation) onDeprecation(warning.notice);
    else if (onWarning) onWarning(warning);
    else console.warn(`@gamedata/sdk: ${warning.message}`);
  };
  return (headers, url, rateLimit) => {
    const notice = readNotice(headers, url);
    if (notice)
      warnOnce(`${headers.get('deprecation')}|${headers.get('sunset')}|${notice.link}`, {
        code: 'deprecated',
        message: describeNotice(notice),
        notice,
      });
    // The server never refuses an unknown key, so this is the only sign of a mistyped or revoked one.
    // The message never holds the key: warnings end up in logs.
    if (apiKey && rateLimit?.policy === ANONYMOUS_TIER) {
      warnOnce(ANONYMOUS_TIER, {
        code: 'key_not_recognised',
        message:
          'the server serves this apiKey as anonymous: mistyped, revoked or for another deployment?',
      });
    }
  };
}
