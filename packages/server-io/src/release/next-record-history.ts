import {
  collectionOf,
  compareIds,
  CURRENT,
  localizeCollection,
  recordHistoryOf,
  releaseParents,
  statesByRelease,
  type Dataset,
  type HistoryRelease,
  type ListHistory,
  type RecordHistory,
  type RecordTimeline,
  type ReleaseUse,
  type StateChange,
  type StoredState,
} from '@gamedata/core';
import type { ContentHashes } from './content-hashes.js';

/** A release on either side of a publish: its dataset, and its content hashes. */
export interface HistorySide {
  dataset: Dataset;
  hashes: ContentHashes;
}

type Timeline = Record<string, StateChange[]>;

/** A list as one language serves it: each record by position, and whether it keeps text in the default language. */
interface ServedList {
  at(index: number): object;
  fellBack(index: number): boolean;
}

/** A list as each language serves it; a language a release lacks serves the default's text. */
function servedIn(side: HistorySide, list: string): (tag: string) => ServedList {
  const { dataset } = side;
  const base = collectionOf(dataset, list);
  const { translatable } = dataset.registry.list(list);
  const views = new Map<string, ServedList>();
  const asIs: ServedList = { at: (index) => base.at(index), fellBack: () => false };
  // A language the release lacks: the default's text, all of it fallen back.
  const untranslated: ServedList = { at: (index) => base.at(index), fellBack: () => true };
  return (tag) => {
    let view = views.get(tag);
    if (!view) {
      const translations = dataset.translations[tag];
      view =
        tag === dataset.language
          ? asIs
          : !translations
            ? untranslated
            : localizeCollection(list, translatable, base, translations);
      views.set(tag, view);
    }
    return view;
  };
}

/** A state a release served, as a timeline keeps it. */
function stateChange(release: number, view: ServedList, index: number): StateChange {
  return view.fellBack(index) ? [release, view.at(index), 1] : [release, view.at(index)];
}

/**
 * The ids of a list whose records may be served differently by two releases in some language: a
 * record, or its translation into any language, hashed differently; every id when a language's
 * rarity names differ, as each record's `rarityName` may.
 */
function touched(before: HistorySide, after: HistorySide, list: string): (id: string) => boolean {
  const was = before.hashes;
  const is = after.hashes;
  const tags = new Set([
    ...Object.keys(was.translations ?? {}),
    ...Object.keys(is.translations ?? {}),
  ]);
  const showsRarity = after.dataset.registry
    .list(list)
    .fields.some((entry) => entry.field === 'rarityName');
  const rarities =
    showsRarity &&
    [...tags].some((tag) => was.translations?.[tag]?.rarities !== is.translations?.[tag]?.rarities);
  if (rarities || before.dataset.language !== after.dataset.language) return () => true;
  const record = [was.collections[list]?.records ?? {}, is.collections[list]?.records ?? {}];
  const translated = [...tags].map((tag) => [
    was.translations?.[tag]?.collections[list]?.records ?? {},
    is.translations?.[tag]?.collections[list]?.records ?? {},
  ]);
  return (id) => [record, ...translated].some(([a, b]) => a?.[id] !== b?.[id]);
}

const sameJson = (a: StoredState, b: StoredState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The record history of a release published now: that of `newest` — the newest release published
 * before it, which knows every release and use before — with every use made since and this release,
 * whose records are compared with those of `parent`, the release it is published after (the current
 * one; `newest` itself unless a rollback came between). Only records a release may serve differently
 * are compared, so a publish that changes 1% of a list reads 1% of its records' states.
 *
 * A record's state is kept once per release that set it, in every language of `next`, as that
 * language served it (a language a release lacked served the default's text); the state the new
 * release serves is its own record (`CURRENT`), and a state the release before served is written out
 * when it stops being current. A record only reordered is served differently, and kept, but its
 * history lists no change (`recordFieldChanges`).
 */
export function nextRecordHistory(
  newest: HistorySide | undefined,
  parent: HistorySide | undefined,
  next: HistorySide,
  uses: readonly ReleaseUse[],
): RecordHistory {
  const { version, published } = next.dataset.meta;
  const prior = newest && recordHistoryOf(newest.dataset);
  const releases: HistoryRelease[] = [
    ...(prior?.releases ?? []),
    { version, published, previous: parent?.dataset.meta.version ?? null },
  ];
  const known = new Set(releases.map((release) => release.version));
  const kept = uses.filter(
    (use) => known.has(use.version) && known.has(use.replaced) && known.has(use.after),
  );
  const parents = releaseParents(releases);
  const self = releases.length - 1;
  const tags = [next.dataset.language, ...Object.keys(next.dataset.translations)];
  const lists = new Map<string, ListHistory>();
  for (const { name: list } of next.dataset.registry.lists) {
    lists.set(list, nextListHistory(list, { prior, newest, parent, next, tags, parents, self }));
  }
  return historyOf(releases, kept, lists);
}

// Apart from the functions that work them out, whose scope holds the releases compared: a history
// kept (the next publish's `newest`, one of many in the benchmark's story) holds nothing else.
const historyOf = (
  releases: HistoryRelease[],
  uses: ReleaseUse[],
  lists: ReadonlyMap<string, ListHistory>,
): RecordHistory => ({ releases, uses, list: (name) => lists.get(name) as ListHistory });

const listHistoryOf = (
  since: Int32Array,
  stored: string[],
  timelines: ReadonlyMap<string, Timeline>,
): ListHistory => ({ since, stored, timeline: (id) => timelines.get(id) });

interface ListContext {
  prior: RecordHistory | undefined;
  newest: HistorySide | undefined;
  parent: HistorySide | undefined;
  next: HistorySide;
  tags: readonly string[];
  parents: Int32Array;
  self: number;
}

function nextListHistory(list: string, context: ListContext): ListHistory {
  const { prior, newest, parent, next, tags, parents, self } = context;
  const records = collectionOf(next.dataset, list);
  const nextPosition = new Map(records.ids.map((id, at) => [id, at]));
  const served = servedIn(next, list);
  // A list this release adds has no history before it.
  const held = (side: HistorySide | undefined) => side?.dataset.registry.has(list) === true;
  const had = held(newest) ? prior?.list(list) : undefined;
  const newestIds = held(newest) ? collectionOf(newest!.dataset, list).ids : [];
  const newestPosition = new Map(newestIds.map((id, at) => [id, at]));
  const newestServed = held(newest) ? servedIn(newest!, list) : undefined;
  const parentHas = new Set(held(parent) ? collectionOf(parent!.dataset, list).ids : []);
  const changedSinceNewest = held(newest) ? touched(newest!, next, list) : () => true;
  const changedSinceParent = held(parent) ? touched(parent!, next, list) : () => true;
  const storedBefore = new Set(had?.stored ?? []);
  /** Since when `newest` served the record as it is, where its history is not stored; else -1. */
  const sinceBefore = (id: string) => {
    const at = newestPosition.get(id);
    return at === undefined || storedBefore.has(id) ? -1 : ((had?.since[at] as number) ?? -1);
  };

  /** The record's timeline before this release, each state `newest` served written out unless `next` serves it alike. */
  const priorTimeline = (id: string): Timeline => {
    const since = sinceBefore(id);
    const source: RecordTimeline =
      since >= 0
        ? Object.fromEntries(tags.map((tag) => [tag, [[since, CURRENT]]]))
        : ((storedBefore.has(id) ? had?.timeline(id) : undefined) ?? {});
    const alike = nextPosition.has(id) && !changedSinceNewest(id);
    const at = newestPosition.get(id) as number;
    // A language `newest` lacked served its default language's text.
    const fallback = source[newest?.dataset.language ?? ''] ?? [];
    return Object.fromEntries(
      tags.map((tag) => [
        tag,
        (source[tag] ?? fallback).map((change) =>
          change[1] === CURRENT && !alike ? stateChange(change[0], newestServed!(tag), at) : change,
        ),
      ]),
    );
  };

  const since = new Int32Array(records.size).fill(-1);
  const timelines = new Map<string, Timeline>();
  for (const id of new Set([...records.ids, ...newestIds, ...storedBefore])) {
    const position = nextPosition.get(id);
    const was = sinceBefore(id);
    // Served alike by `newest`, the release before and this one: its history is as it was.
    if (
      position !== undefined &&
      was >= 0 &&
      !changedSinceNewest(id) &&
      parentHas.has(id) &&
      !changedSinceParent(id)
    ) {
      since[position] = was;
      continue;
    }
    const timeline = priorTimeline(id);
    for (const tag of tags) {
      const states = timeline[tag] as StateChange[];
      const parentAt = parents[self] as number;
      const before = parentAt < 0 ? null : statesByRelease(states, parents)[parentAt]![1];
      const after = position === undefined ? null : served(tag).at(position);
      // A state still `CURRENT` is the one `next` serves.
      if (before !== CURRENT && !sameJson(before, after))
        states.push([self, position === undefined ? null : CURRENT]);
    }
    // A state written out above that this release serves alike (a record touched, not changed)
    // is its own again: kept once, in the release's lists.
    if (position !== undefined)
      for (const tag of tags) {
        const states = timeline[tag] as StateChange[];
        const view = served(tag);
        states.forEach(([release, state, fellBack], at) => {
          if (
            state !== null &&
            state !== CURRENT &&
            (fellBack === 1) === view.fellBack(position) &&
            sameJson(state, view.at(position))
          )
            states[at] = [release, CURRENT];
        });
      }
    const lone = timeline[tags[0] as string]?.[0];
    const asNow =
      position !== undefined &&
      lone?.[1] === CURRENT &&
      tags.every((tag) => {
        const states = timeline[tag] as StateChange[];
        return states.length === 1 && states[0]?.[0] === lone[0] && states[0][1] === CURRENT;
      });
    if (asNow) since[position] = lone[0];
    else timelines.set(id, timeline);
  }
  return listHistoryOf(since, [...timelines.keys()].sort(compareIds), timelines);
}
