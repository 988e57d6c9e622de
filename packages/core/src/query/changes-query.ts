import { changesFrom, knownVersions, type ReleaseHistory } from '../dataset/release-history.js';
import { compareVersions, DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { badRequest } from '../errors.js';
import type { ReleaseChange } from '../schemas/records.js';
import { readParam } from '../read-param.js';

/** The answer to `/v1/changes`: the version asked about, and the entries that bring it to the current release. */
export interface ChangesAnswer {
  since: string;
  changes: readonly ReleaseChange[];
}

const START_AGAIN = 'start again from the bulk files listed at /v1/bulk';

/**
 * `/v1/changes?since=<version>`: every release after `since` up to the current one, oldest first —
 * none when `since` is current; for a release a rollback passed over, one entry with the net change.
 * Anything else is a 400 that says what to do: a malformed version lists the versions this server
 * knows; an unknown one, or one older than its history, also says to start again from the bulk files.
 *
 * @example changesSince(history, new URLSearchParams('since=2026-11-21.1')).changes.map((c) => c.version) // ['2026-11-22.1']
 */
export function changesSince(history: ReleaseHistory, params: URLSearchParams): ChangesAnswer {
  const listed = `known versions: ${knownVersions(history).join(', ')}`;
  const since = readParam(params, 'since');
  if (since === undefined)
    throw badRequest(`since is required: the dataset version you hold (${listed})`);
  if (!DATASET_VERSION_PATTERN.test(since))
    throw badRequest(`since must be a dataset version, YYYY-MM-DD.n (${listed})`);
  const changes = changesFrom(history, since);
  if (changes) return { since, changes };
  if (compareVersions(since, history.base) < 0) {
    throw badRequest(
      `since ${since} is older than the changes this server keeps (from ${history.base}): ${START_AGAIN}`,
    );
  }
  throw badRequest(
    `since ${since} is not a dataset version this server knows (${listed}): ${START_AGAIN}`,
  );
}
