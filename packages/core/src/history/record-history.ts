import type { ReleaseUse } from '../dataset/release-history.js';
import type { HistoryChange } from './history-changes.js';
import { recordFieldChanges, type ElementIdentities, type FieldChange } from './field-changes.js';

/** A release a record history knows, in the order releases were published. */
export interface HistoryRelease {
  version: string;
  /** RFC 3339. */
  published: string;
  /** The release it was published after (the one current then); `null` for the first. */
  previous: string | null;
}

/**
 * A record as one language served it from a release on: the record as served, `null` where there
 * was none, or `CURRENT`: as the current release serves it (kept once, in the release's own lists).
 */
export type StoredState = object | null | typeof CURRENT;

/** The state of a record that is as the current release serves it. */
export const CURRENT = 0;

/**
 * A release that set a record's state in one language: its index in `releases`, the state, and `1`
 * when the record kept some of its text in the default language then (a stored state of a translated
 * language; a `CURRENT` one is as the current release says).
 */
export type StateChange = readonly [release: number, state: StoredState, fellBack?: 1];

/**
 * One record's story in every language of the release, by tag: each release that set its state, in
 * the order they were published. A release not listed served it as the release it was published
 * after did.
 */
export type RecordTimeline = Readonly<Record<string, readonly StateChange[]>>;

/** One list's record histories. */
export interface ListHistory {
  /**
   * Per record of the current release, by position: the release since which it has been served as it
   * is now in every language, and in no other state before (so it was added then); -1 when its
   * timeline is stored.
   */
  readonly since: ArrayLike<number>;
  /** The ids whose timeline is stored, ascending (`compareIds`): records changed since added, and removed ones. */
  readonly stored: readonly string[];
  /** A stored timeline; `undefined` for an id not in `stored`. */
  timeline(id: string): RecordTimeline | undefined;
}

/**
 * What a release knows of every record's past: every release published into its directory, every
 * rollback made there (`use`), and per list each record's states.
 */
export interface RecordHistory {
  readonly releases: readonly HistoryRelease[];
  /** The uses made before the release was published, in the order made. */
  readonly uses: readonly ReleaseUse[];
  list(name: string): ListHistory;
}

/** One release's change to one record. */
export interface HistoryEntry {
  version: string;
  /** When the release was published; for `withdrawn`, when it was rolled back. */
  published: string;
  change: HistoryChange;
  /** Every value it changed; none when the record came or went whole. */
  fields: FieldChange[];
}

/** Each release's parent, by index: -1 for none, and for one the history no longer holds. */
export function releaseParents(releases: readonly HistoryRelease[]): Int32Array {
  const index = new Map(releases.map((release, at) => [release.version, at]));
  return Int32Array.from(releases, (release) =>
    release.previous === null ? -1 : (index.get(release.previous) ?? -1),
  );
}

/** A record's state in every release, by index: its own where it set one, else its parent's. */
export function statesByRelease(set: readonly StateChange[], parents: Int32Array): StateChange[] {
  const own = new Map(set.map((change) => [change[0], change]));
  const states: StateChange[] = [];
  for (let at = 0; at < parents.length; at++) {
    const parent = parents[at] as number;
    states.push(own.get(at) ?? (parent < 0 ? [at, null] : (states[parent] as StateChange)));
  }
  return states;
}

/** A moment the served record could change: a release published, or a release made current again. */
type HistoryEvent =
  | { kind: 'publish'; release: number; before: number }
  | { kind: 'use'; before: number; after: number; use: ReleaseUse };

/** Every publish and use in the order they happened: a use after the publish of its `after`. */
function eventsOf(history: RecordHistory, index: ReadonlyMap<string, number>, parents: Int32Array) {
  const events: HistoryEvent[] = [];
  const usesAfter = new Map<number, ReleaseUse[]>();
  for (const use of history.uses) {
    const after = index.get(use.after);
    if (after === undefined || !index.has(use.version) || !index.has(use.replaced)) continue;
    usesAfter.set(after, [...(usesAfter.get(after) ?? []), use]);
  }
  history.releases.forEach((_, release) => {
    events.push({ kind: 'publish', release, before: parents[release] as number });
    for (const use of usesAfter.get(release) ?? [])
      events.push({
        kind: 'use',
        before: index.get(use.replaced) as number,
        after: index.get(use.version) as number,
        use,
      });
  });
  return events;
}

/**
 * The questions a release's record history answers, worked out once per release: what a record was
 * in a release (`?at=`), and its story (`/v1/{list}/{id}/history`).
 */
export interface HistoryAnswers {
  /** The index of a release the history knows, by version. */
  releaseIndex(version: string): number | undefined;
  /**
   * The record's state in every release, by index, in one language; `undefined` for an id the history
   * never knew. `position` is its place in the current release's list, -1 when it has none.
   */
  states(list: string, id: string, position: number, language: string): StateChange[] | undefined;
  /** The record's story in one language, newest first; `current` gives the record as served now. */
  entries(
    states: readonly StateChange[],
    identities: ElementIdentities,
    current: () => object,
  ): HistoryEntry[];
}

/** The answers of `history` (see `HistoryAnswers`). */
export function historyAnswers(history: RecordHistory): HistoryAnswers {
  const parents = releaseParents(history.releases);
  const index = new Map(history.releases.map((release, at) => [release.version, at]));
  let events: HistoryEvent[] | undefined;
  return {
    releaseIndex: (version) => index.get(version),
    states(list, id, position, language) {
      const lists = history.list(list);
      const since = position < 0 ? -1 : (lists.since[position] as number);
      if (since >= 0) return statesByRelease([[since, CURRENT]], parents);
      const timeline = lists.timeline(id);
      if (!timeline) return undefined;
      return statesByRelease(timeline[language] ?? [], parents);
    },
    entries(states, identities, current) {
      events ??= eventsOf(history, index, parents);
      // The record as served now, read once, and only when a state to compare is it.
      let now: object | undefined;
      const resolve = (state: StoredState) => (state === CURRENT ? (now ??= current()) : state);
      const entries: HistoryEntry[] = [];
      let seen = false;
      for (const event of events) {
        const before = event.before < 0 ? null : (states[event.before] as StateChange)[1];
        const after = (
          states[event.kind === 'publish' ? event.release : event.after] as StateChange
        )[1];
        if (before === after) continue;
        const was = resolve(before);
        const is = resolve(after);
        const fields = !was || !is ? [] : recordFieldChanges(identities, was, is);
        const appears = !was && is;
        if (was && is && fields.length === 0) continue;
        if (event.kind === 'use') {
          const { replaced, at } = event.use;
          entries.push({ version: replaced, published: at, change: 'withdrawn', fields });
        } else {
          const { version, published } = history.releases[event.release] as HistoryRelease;
          const change = appears ? (seen ? 'restored' : 'added') : is ? 'changed' : 'removed';
          entries.push({ version, published, change, fields });
        }
        if (is) seen = true;
      }
      return entries.reverse();
    },
  };
}

/**
 * The history of a release that is the first of its line (a dataset loaded from an export): the
 * release alone, every record added in it.
 */
export function firstReleaseHistory(
  version: string,
  published: string,
  sizes: Readonly<Record<string, number>>,
): RecordHistory {
  const lists = new Map(
    Object.entries(sizes).map(([name, size]) => [
      name,
      { since: new Int32Array(size), stored: [], timeline: () => undefined } as ListHistory,
    ]),
  );
  return {
    releases: [{ version, published, previous: null }],
    uses: [],
    list: (name) => lists.get(name) ?? { since: [], stored: [], timeline: () => undefined },
  };
}
