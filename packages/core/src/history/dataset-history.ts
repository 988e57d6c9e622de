import { collectionOf, type Dataset } from '../dataset/dataset.js';
import type { BlockCodec } from '../dataset/record-blocks.js';
import { encodeHistoryTimeline, encodeListHistory } from './history-sections.js';
import { firstReleaseHistory, type RecordHistory } from './record-history.js';

/**
 * A dataset's record history: a release's own, or, for a dataset loaded from an export, that of a
 * first release, every record added in it.
 */
export function recordHistoryOf(dataset: Dataset): RecordHistory {
  if (dataset.recordHistory) return dataset.recordHistory;
  let first = firstReleases.get(dataset);
  if (!first)
    firstReleases.set(
      dataset,
      (first = firstReleaseHistory(
        dataset.meta.version,
        dataset.meta.published,
        Object.fromEntries(
          dataset.registry.lists.map(({ name }) => [name, collectionOf(dataset, name).size]),
        ),
      )),
    );
  return first;
}

const firstReleases = new WeakMap<Dataset, RecordHistory>();

/** What a release file keeps of a record history: the timeline, and each list's parts. */
export function historySections(
  history: RecordHistory,
  dataset: Dataset,
  deflate: BlockCodec['deflate'] | undefined,
) {
  return {
    timeline: encodeHistoryTimeline(history, deflate !== undefined),
    lists: dataset.registry.lists.map(({ name }) => {
      const list = history.list(name);
      if (list.since.length !== collectionOf(dataset, name).size)
        throw new Error(`the record history of ${name} does not match its records`);
      return [name, encodeListHistory(list, deflate)] as const;
    }),
  };
}
