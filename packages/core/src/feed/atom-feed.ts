import { STATS } from '../collections/registry.js';
import type { Dataset } from '../dataset/dataset.js';
import { escapeHtml as escapeXml } from '../docs/html.js';
import { servedTimeline, type TimelineEvent } from './served-timeline.js';
import type {
  CollectionChanges,
  LanguageChanges,
  ReleaseChange,
  SpriteChanges,
} from '../schemas/records.js';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** How many names a summary quotes per kind of change before it says how many more. */
const NAMES_QUOTED = 3;

/** The ids of the feed and of each release's entry: stable, made once per release (`releaseFeedIds`). */
export interface FeedIds {
  feed: string;
  entries: ReadonlyMap<string, string>;
}

/**
 * A UUID named by `name` (RFC 9562 §5.8, UUIDv8 from SHA-256 as its Appendix B.2 shows): the same
 * name gives the same id on every server and every request, which is what a feed reader needs to tell
 * a release it has shown from a new one.
 */
async function nameUuid(name: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name)),
  );
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The feed's id and one per entry, named by what identifies it wherever it is served — a release by
 * its version and published time, a `use` by the release and when it was made — so mirrors of one
 * dataset agree and a republished version is new.
 */
export async function releaseFeedIds(dataset: Dataset): Promise<FeedIds> {
  const { changes, served } = dataset.history;
  const entries = new Map<string, string>();
  const name = async (key: string, uuidName: string) => entries.set(key, await nameUuid(uuidName));
  for (const { version, published } of [...changes, ...(served?.releases ?? [])])
    if (!entries.has(version)) await name(version, `gamedata release ${version} ${published}`);
  for (const { version, at } of served?.uses ?? [])
    await name(useKey(version, at), `gamedata use ${version} ${at}`);
  return {
    feed: await nameUuid(`gamedata releases ${dataset.meta.license} ${dataset.meta.docs}`),
    entries,
  };
}

const useKey = (version: string, at: string) => `use ${version} ${at}`;

/** What a record is called in a summary: its name while the served dataset holds it, else its id. */
function nameOf(dataset: Dataset, collection: string, id: string): string {
  if (collection === STATS) return dataset.stats.find((stat) => stat.key === id)?.name ?? id;
  return dataset.lists[collection]?.get(id)?.name ?? id;
}

function quoted(names: readonly string[]): string {
  const more = names.length - NAMES_QUOTED;
  return `${names.slice(0, NAMES_QUOTED).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** One line: `items: 2 added (Ember Blade, Frost Helm); 1 removed (old-axe)`, or none when nothing changed. */
function changesLine(
  label: string,
  changes: CollectionChanges | SpriteChanges,
  nameOfId: (id: string) => string,
): string | undefined {
  const parts = (['added', 'changed', 'removed'] as const)
    .filter((kind) => changes[kind].length > 0)
    .map((kind) => `${changes[kind].length} ${kind} (${quoted(changes[kind].map(nameOfId))})`);
  return parts.length > 0 ? `${label}: ${parts.join('; ')}` : undefined;
}

/** `de (3 added, 1 changed, rarity names)`: one language's translation changes, counted over its collections. */
function languagePhrase(tag: string, { collections, rarities }: LanguageChanges): string {
  const counts = (['added', 'changed', 'removed'] as const)
    .map(
      (kind) =>
        [
          kind,
          Object.values(collections).reduce((sum, changes) => sum + changes[kind].length, 0),
        ] as const,
    )
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  const parts = [...counts, ...(rarities ? ['rarity names'] : [])];
  return parts.length > 0 ? `${tag} (${parts.join(', ')})` : tag;
}

/** One line for every language whose translations changed, in the default language: `translations: de (1 changed); fr (2 added)`. */
function translationsLine(translations: ReleaseChange['translations']): string | undefined {
  const phrases = Object.entries(translations).map(([tag, changes]) =>
    languagePhrase(tag, changes),
  );
  return phrases.length > 0 ? `translations: ${phrases.join('; ')}` : undefined;
}

/**
 * A release's changes in words: a line per collection it touched, one for the artwork, by sprite id,
 * and one for the translations, counted per language.
 */
export function releaseSummary(dataset: Dataset, change: ReleaseChange): string {
  const lines = [
    ...Object.entries(change.collections).map(([collection, changes]) =>
      changesLine(collection, changes, (id) => nameOf(dataset, collection, id)),
    ),
    changesLine('sprites', change.sprites, (id) => id),
    translationsLine(change.translations),
  ].filter((line) => line !== undefined);
  return lines.length > 0 ? lines.join('\n') : 'Nothing changed.';
}

interface FeedEntry {
  id: string | undefined;
  title: string;
  time: string;
  since: string;
  summary: string;
  /** The records the release added, changed or removed, each linked to its history. */
  records: ReadonlyArray<{ href: string; title: string }>;
}

/** How many records an entry links to, the first of those it changed, so that an entry stays readable. */
const RECORDS_LINKED = 20;

/**
 * The records a release added, changed and removed in each list, as links to their histories
 * (`items/ember-blade/history`, relative to the feed), titled with their names: the first
 * `RECORDS_LINKED` of them.
 */
function recordLinks(dataset: Dataset, change: ReleaseChange | undefined): FeedEntry['records'] {
  if (!change) return [];
  return Object.entries(change.collections)
    .filter(([collection]) => collection !== STATS)
    .flatMap(([collection, changes]) =>
      [...changes.added, ...changes.changed, ...changes.removed].map((id) => ({
        href: `${collection}/${encodeURIComponent(id)}/history`,
        title: nameOf(dataset, collection, id),
      })),
    )
    .slice(0, RECORDS_LINKED);
}

function entryXml(entry: FeedEntry): string {
  return [
    '  <entry>',
    `    <id>${entry.id}</id>`,
    `    <title>${escapeXml(entry.title)}</title>`,
    `    <published>${entry.time}</published>`,
    `    <updated>${entry.time}</updated>`,
    `    <link rel="alternate" type="application/json" href="changes?since=${encodeURIComponent(entry.since)}"/>`,
    ...entry.records.map(
      ({ href, title }) =>
        `    <link rel="related" type="application/json" href="${escapeXml(href)}" title="${escapeXml(title)}"/>`,
    ),
    `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
    '  </entry>',
  ].join('\n');
}

/** The releases the current one descends from, each linking to the changes since the one before it. */
function ancestryEntries(dataset: Dataset, ids: FeedIds): FeedEntry[] {
  const { base, changes } = dataset.history;
  return changes.map((change, index) => ({
    id: ids.entries.get(change.version),
    title: `Release ${change.version}`,
    time: change.published,
    since: index === 0 ? base : (changes[index - 1] as ReleaseChange).version,
    summary: releaseSummary(dataset, change),
    records: recordLinks(dataset, change),
  }));
}

/**
 * Every release the directory served and every `use` made there (`servedTimeline`). An ancestor of
 * the current release links to the changes since the one before it; a release a rollback withdrew,
 * and the oldest the history keeps, to the changes since itself, which is what a client that synced
 * to it asks; a use, to the changes since the release it replaced.
 */
function timelineEntries(dataset: Dataset, ids: FeedIds, timeline: TimelineEvent[]): FeedEntry[] {
  const ancestors = new Set(dataset.history.changes.map((change) => change.version));
  return timeline.map((event) => {
    if (event.kind === 'served-again') {
      const { version, at, replaced, withdrawn } = event.use;
      const withdrew =
        withdrawn.length > 0
          ? ` Withdrawn: ${withdrawn.join(', ')}; a client that synced to one catches up with /v1/changes?since= its version.`
          : '';
      return {
        id: ids.entries.get(useKey(version, at)),
        title: `Release ${version} served again`,
        time: at,
        since: replaced,
        summary: `${version} is served again in place of ${replaced}.${withdrew}`,
        records: [],
      };
    }
    const { version, published, previous, change } = event.release;
    return {
      id: ids.entries.get(version),
      title: `Release ${version}`,
      time: published,
      since: ancestors.has(version) ? (previous as string) : version,
      summary: change
        ? releaseSummary(dataset, change)
        : previous === null
          ? 'The first release.'
          : `Published after ${previous}, which the releases directory no longer holds.`,
      records: recordLinks(dataset, change),
    };
  });
}

/**
 * `/v1/changes.atom`: an Atom feed (RFC 4287), newest first. Where the adapter knows its releases
 * directory, one entry per release it served and one per `use` (a rollback, or a return to a newer
 * release) that names the release served again and the releases it withdrew; otherwise the releases
 * the current one descends from, as far back as `/v1/changes` describes them. Links are relative to
 * the feed's own URL, so the document is the same whatever host or path prefix serves it; its text
 * is the dataset's, in the dataset's language.
 *
 * @example atomFeed(dataset, await releaseFeedIds(dataset))
 */
export function atomFeed(dataset: Dataset, ids: FeedIds): string {
  const timeline = servedTimeline(dataset.history);
  const entries = timeline
    ? timelineEntries(dataset, ids, timeline)
    : ancestryEntries(dataset, ids);
  const updated = entries.reduce(
    (newest, entry) => (Date.parse(entry.time) > Date.parse(newest) ? entry.time : newest),
    entries.at(-1)?.time ?? dataset.meta.published,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${ids.feed}</id>`,
    '  <title>Dataset releases</title>',
    `  <subtitle>${escapeXml(`Each release of the dataset and what it changed. ${dataset.meta.license}`)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(dataset.publisher.contact?.name ?? 'Dataset publisher')}</name></author>`,
    '  <link rel="self" type="application/atom+xml" href="changes.atom"/>',
    '  <link rel="alternate" type="text/html" href="../docs"/>',
    ...entries.map(entryXml).reverse(),
    '</feed>',
    '',
  ].join('\n');
}
