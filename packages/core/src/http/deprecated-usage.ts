import { QUERY_KEY_DEPRECATION } from '../policy/deprecations.js';
import { deprecationHeaders, type HeaderSet } from '../policy/headers.js';
import { queryKey } from './api-key.js';
import type { AppContext } from './app-env.js';
import { prefixOf, targetOf } from './request-context.js';

/**
 * The deprecation notice every answer to this request carries, or `undefined` when it uses nothing
 * deprecated. A key in the query string is deprecated whether or not a Bearer key came too: the URL
 * holds it either way, and that is what leaks. The notice links to the reference where the app is
 * mounted.
 *
 * @example c.set('deprecation', deprecationOf(c))
 */
export function deprecationOf(c: AppContext): HeaderSet | undefined {
  const target = targetOf(c);
  if (target.search === '' || queryKey(target.params) === undefined) return undefined;
  return deprecationHeaders(QUERY_KEY_DEPRECATION, `${prefixOf(c)}/docs`);
}
