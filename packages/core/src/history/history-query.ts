import type { ListDescriptor } from '../collections/descriptor.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { Dataset } from '../dataset/dataset.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { badRequest } from '../errors.js';
import { hashText } from '../hash.js';
import { parseLimit } from '../query/list-query.js';
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

/** What a history cursor is bound to: the list, the record and the language. */
const historyQuestion = (list: string, id: string, language: string) =>
  hashText(JSON.stringify(['history', list, id, language]));

/**
 * `limit` and `cursor` of a record's history: where its page starts and how long it is. A cursor of
 * another release, record or language is a 400, as a list's is.
 */
export function historyWindow(
  params: URLSearchParams,
  dataset: Dataset,
  question: { list: string; id: string; language: string },
): { offset: number; limit: number } {
  const limit = parseLimit(readParam(params, 'limit'));
  const cursor = readParam(params, 'cursor');
  if (cursor === undefined) return { offset: 0, limit };
  const position = decodeCursor(cursor);
  if (position.version !== dataset.meta.version)
    throw badRequest(
      `cursor belongs to dataset version ${position.version}, but the dataset is now ${dataset.meta.version}; start again from the first page`,
    );
  if (position.filters !== historyQuestion(question.list, question.id, question.language))
    throw badRequest(
      'cursor was issued for another record or another language; keep the path and its language unchanged and only add the cursor',
    );
  if (!/^(0|[1-9]\d{0,8})$/.test(position.after))
    throw badRequest('cursor is malformed; pass meta.cursor from the previous page unchanged');
  return { offset: Number(position.after), limit };
}

/** One page of `entries`, with a cursor to the next when more remain. */
export function historyPage(
  entries: readonly HistoryEntry[],
  window: { offset: number; limit: number },
  dataset: Dataset,
  question: { list: string; id: string; language: string },
): HistoryPage {
  const { offset, limit } = window;
  const data = entries.slice(offset, offset + limit);
  const end = offset + data.length;
  const cursor =
    end < entries.length
      ? encodeCursor({
          version: dataset.meta.version,
          filters: historyQuestion(question.list, question.id, question.language),
          after: String(end),
        })
      : undefined;
  return {
    data,
    meta: { total: entries.length, count: data.length, ...(cursor ? { cursor } : {}) },
  };
}
