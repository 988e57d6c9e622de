import { knownVersions, type ReleaseHistory } from '../dataset/release-history.js';
import { compareVersions, DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { badRequest } from '../errors.js';
import type { ReleaseChange } from '../schemas/records.js';
import { readParam } from './list-query.js';

/**
 * `/v1/changes?since=<version>`: every release after `since` up to the current one, oldest first —
 * none when `since` is current. Anything else is a 400 that says what to do: a malformed or unknown
 * version lists the versions this release knows; one older than its history says to start again.
 *
 * @example changesSince(history, new URLSearchParams('since=2026-11-21.1')).map((c) => c.version) // ['2026-11-22.1']
 */
export function changesSince(history: ReleaseHistory, params: URLSearchParams): readonly ReleaseChange[] {
  const known = knownVersions(history);
  const listed = `known versions: ${known.join(', ')}`;
  const since = readParam(params, 'since');
  if (since === undefined) throw badRequest(`since is required: the dataset version you hold (${listed})`);
  if (!DATASET_VERSION_PATTERN.test(since)) throw badRequest(`since must be a dataset version, YYYY-MM-DD.n (${listed})`);
  const index = known.indexOf(since);
  if (index >= 0) return history.changes.slice(index);
  if (compareVersions(since, history.base) < 0) {
    throw badRequest(`since ${since} is older than the changes this server keeps (from ${history.base}): start again from the bulk files listed at /v1/bulk`);
  }
  throw badRequest(`since ${since} is not a dataset version this server knows (${listed})`);
}
