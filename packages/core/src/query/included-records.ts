import { collectionNames, STATS } from '../collections/registry.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';
import { hashText } from '../hash.js';
import type { ReleaseLanguages } from '../language/release-languages.js';
import { readParam } from '../read-param.js';
import type { CollectionChanges, ReleaseChange } from '../schemas/records.js';
import { offsetCursor, offsetWindow, type OffsetQuestion } from './offset-page.js';

/**
 * `include` of `/v1/changes`: `records` asks for the current body of every record the releases
 * added or changed; absent, the answer is the ids alone, as it always was. Anything else is a 400.
 */
export function includesRecords(params: URLSearchParams): boolean {
  const include = readParam(params, 'include');
  if (include === undefined) return false;
  if (include !== 'records') throw badRequest('include takes one value: records');
  return true;
}

const NONE: CollectionChanges = { added: [], changed: [], removed: [] };
/** A change entry's collections by any name: a registry's are the API's own names, or others. */
const byName = (collections: object) =>
  collections as Readonly<Record<string, CollectionChanges | undefined>>;

/** Per collection, the positions of the records a client holding `since` fetches again, in list order. */
function positionsToFetch(
  dataset: Dataset,
  changes: readonly ReleaseChange[],
  language: string,
): Array<[collection: string, positions: number[]]> {
  return collectionNames(dataset.registry).map((name) => {
    const fetch = new Set<string>();
    let all = false;
    const showsRarity =
      name !== STATS &&
      dataset.registry.list(name).fields.some((entry) => entry.field === 'rarityName');
    for (const { collections, translations } of changes) {
      const { added, changed } = byName(collections)[name] ?? NONE;
      const translated = language === dataset.language ? undefined : translations[language];
      const again = translated && byName(translated.collections)[name];
      all ||= Boolean(translated?.rarities) && showsRarity;
      for (const id of [
        ...added,
        ...changed,
        ...(again ? [...again.added, ...again.changed, ...again.removed] : []),
      ])
        fetch.add(id);
    }
    // A record removed since is not in the release: only the current ones are read below.
    const ids =
      name === STATS ? dataset.stats.map((stat) => stat.key) : collectionOf(dataset, name).ids;
    const positions: number[] = [];
    ids.forEach((id, at) => {
      if (all || fetch.has(id)) positions.push(at);
    });
    return [name, positions];
  });
}

/** What `/v1/changes?include=records` answers: the entries, a page of the records, and where the next starts. */
export interface ChangesWithRecords {
  data: readonly ReleaseChange[];
  /** Per collection, the records of this page as `lang` serves them, in list order; every collection named. */
  included: Record<string, unknown[]>;
  meta: { total: number; count: number; included: number; cursor?: string };
}

/** What a cursor of these records is bound to: the release, `since` and the language. */
const changesQuestion = (dataset: Dataset, since: string, language: string): OffsetQuestion => ({
  version: dataset.meta.version,
  fingerprint: hashText(JSON.stringify(['changes', since, 'records', language])),
  otherQuestion:
    'cursor was issued for another since or language; keep the query unchanged and only add the cursor',
});

/**
 * The answer to `/v1/changes?since=…&include=records`: the same entries, and the current body of
 * every record they net added or changed (in `lang`, also every record whose translation into it
 * they changed, and every record showing a rarity name when they changed its rarity names) — a
 * client applies them, drops the removed ids, and holds the current release. The records are paged
 * with `limit` and `cursor`, the entries repeated on every page.
 */
export function changesWithRecords(
  dataset: Dataset,
  languages: ReleaseLanguages,
  changes: readonly ReleaseChange[],
  question: { since: string; language: string; params: URLSearchParams },
): ChangesWithRecords {
  const { since, language, params } = question;
  const asked = changesQuestion(dataset, since, language);
  const { offset, limit } = offsetWindow(params, asked);
  const wanted = positionsToFetch(dataset, changes, language);
  const total = wanted.reduce((sum, [, positions]) => sum + positions.length, 0);
  const included: Record<string, unknown[]> = {};
  let skip = offset;
  let room = limit;
  for (const [name, positions] of wanted) {
    const page = positions.slice(Math.min(skip, positions.length)).slice(0, room);
    skip = Math.max(0, skip - positions.length);
    room -= page.length;
    const at: (index: number) => unknown =
      name === STATS
        ? (index: number) => languages.stats(language).stats[index]
        : (index: number) => languages.list(language, name).collection.at(index);
    included[name] = page.map(at);
  }
  const next = offsetCursor(asked, Math.min(total, offset + limit), total);
  return {
    data: changes,
    included,
    meta: {
      total: changes.length,
      count: changes.length,
      included: total,
      ...(next ? { cursor: next } : {}),
    },
  };
}
