import {
  collectionOf,
  CURRENT,
  recordHistoryOf,
  type Dataset,
  type StateChange,
} from '@gamedata/core';

/**
 * Reads a release's record history whole, as requests would, and checks it against the release: it
 * ends with the release itself, it has a place for every record of every list, and every timeline
 * it stores names releases it knows, in the order they were published, for every language, with a
 * current state only where the release has the record. Throws, naming the list and record.
 */
export function checkRecordHistory(dataset: Dataset): void {
  const history = recordHistoryOf(dataset);
  const { releases } = history;
  if (releases.at(-1)?.version !== dataset.meta.version)
    throw new Error(`the record history ends with ${releases.at(-1)?.version}, not this release`);
  const tags = [dataset.language, ...Object.keys(dataset.translations)];
  for (const { name: list } of dataset.registry.lists) {
    const records = collectionOf(dataset, list);
    const lists = history.list(list);
    if (lists.since.length !== records.size)
      throw new Error(`the record history of ${list} does not have a place for every record`);
    for (let at = 0; at < records.size; at++) {
      const since = lists.since[at] as number;
      if (since >= releases.length || (since < 0 && !lists.timeline(records.ids[at] as string)))
        throw new Error(`the record history of ${list} › ${records.ids[at]} is missing`);
    }
    const present = new Set(records.ids);
    for (const id of lists.stored) {
      const timeline = lists.timeline(id)!;
      for (const tag of tags) {
        const states: readonly StateChange[] | undefined = timeline[tag];
        const ordered = states?.every(
          ([release, state], index) =>
            release < releases.length &&
            (index === 0 || release > (states[index - 1] as StateChange)[0]) &&
            (state !== CURRENT || present.has(id)),
        );
        if (!ordered)
          throw new Error(`the record history of ${list} › ${id} in ${tag} is not a timeline`);
      }
    }
  }
}
