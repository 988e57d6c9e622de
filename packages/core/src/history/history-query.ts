import type { ListDescriptor } from '../collections/descriptor.js';
import type { Dataset } from '../dataset/dataset.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { badRequest } from '../errors.js';
import { hashText } from '../hash.js';
import { offsetCursor, type OffsetQuestion, type OffsetWindow } from '../query/offset-page.js';
import { readParam } from '../read-param.js';
import { recordHistoryOf } from './dataset-history.js';
import type { ElementIdentities } from './field-changes.js';
import { historyAnswers, type HistoryAnswers, type HistoryEntry } from './record-history.js';

const answersByDataset = new WeakMap<Dataset, HistoryAnswers>();

/** The record history's answers for a release, worked out on its first history question. */
export function releaseHistory(dataset: Dataset): HistoryAnswers {
  let answers = answersByDataset.get(dataset);
  if (!answers) answersByDataset.set(dataset, (answers = historyAnswers(recordHistoryOf(dataset))));
  return answers;
}

/**
 * The fields of a list whose elements its history names by a member (`stats[crit].value`), from
 * its descriptor's fields.
 *
 * @example elementIdentities(COLLECTIONS.items) // { stats: 'stat' }
 */
export function elementIdentities(descriptor: ListDescriptor): ElementIdentities {
  return Object.fromEntries(
    descriptor.fields.flatMap((entry) =>
      entry.identity === undefined ? [] : [[entry.field, entry.identity]],
    ),
  );
}

/**
 * `at` of a record: the index of a release the history knows, or `undefined` without one. A value
 * that is not a version, or a version the history does not know, is a 400 naming those it knows.
 *
 * @example releaseAt(new URLSearchParams('at=2026-11-21.1'), dataset) // 1
 */
export function releaseAt(params: URLSearchParams, dataset: Dataset): number | undefined {
  const at = readParam(params, 'at');
  if (at === undefined) return undefined;
  const history = releaseHistory(dataset);
  const index = DATASET_VERSION_PATTERN.test(at) ? history.releaseIndex(at) : undefined;
  if (index !== undefined) return index;
  const known = recordHistoryOf(dataset).releases.map((release) => release.version);
  throw badRequest(
    `at must be a release this server's history knows, YYYY-MM-DD.n (known: ${known.join(', ')})`,
  );
}

/** A page of a record's history: what `/v1/{list}/{id}/history` answers. */
export interface HistoryPage {
  data: HistoryEntry[];
  meta: { total: number; count: number; cursor?: string };
}

/**
 * What a history cursor is bound to: the release, the list, the record and the language. A cursor of
 * another is a 400, as a list's is.
 */
export const historyQuestion = (
  dataset: Dataset,
  { list, id, language }: { list: string; id: string; language: string },
): OffsetQuestion => ({
  version: dataset.meta.version,
  fingerprint: hashText(JSON.stringify(['history', list, id, language])),
  otherQuestion:
    'cursor was issued for another record or another language; keep the path and its language unchanged and only add the cursor',
});

/** One page of `entries`, with a cursor to the next when more remain. */
export function historyPage(
  entries: readonly HistoryEntry[],
  { offset, limit }: OffsetWindow,
  question: OffsetQuestion,
): HistoryPage {
  const data = entries.slice(offset, offset + limit);
  const cursor = offsetCursor(question, offset + data.length, entries.length);
  return {
    data,
    meta: { total: entries.length, count: data.length, ...(cursor ? { cursor } : {}) },
  };
}
