import { COLLECTION_NAMES, type CollectionName } from '../collections/list-names.js';
import type { Dataset } from '../dataset/dataset.js';
import { escapeHtml as escapeXml } from '../docs/html.js';
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
 * The feed's id and one per release, named by what identifies a release wherever it is served — its
 * version and published time — so mirrors of one dataset agree and a republished version is new.
 */
export async function releaseFeedIds(
  changes: readonly ReleaseChange[],
  dataset: Dataset,
): Promise<FeedIds> {
  const entries = new Map<string, string>();
  for (const change of changes)
    entries.set(
      change.version,
      await nameUuid(`gamedata release ${change.version} ${change.published}`),
    );
  return {
    feed: await nameUuid(`gamedata releases ${dataset.meta.license} ${dataset.meta.docs}`),
    entries,
  };
}

/** What a record is called in a summary: its name while the served dataset holds it, else its id. */
function nameOf(dataset: Dataset, collection: CollectionName, id: string): string {
  if (collection === 'stats') return dataset.stats.find((stat) => stat.key === id)?.name ?? id;
  return dataset[collection].get(id)?.name ?? id;
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
          COLLECTION_NAMES.reduce((sum, name) => sum + collections[name][kind].length, 0),
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
    ...COLLECTION_NAMES.map((collection) =>
      changesLine(collection, change.collections[collection], (id) =>
        nameOf(dataset, collection, id),
      ),
    ),
    changesLine('sprites', change.sprites, (id) => id),
    translationsLine(change.translations),
  ].filter((line) => line !== undefined);
  return lines.length > 0 ? lines.join('\n') : 'Nothing changed.';
}

/**
 * `/v1/changes.atom`: the releases the current one descends from, as far back as `/v1/changes`
 * describes them, as an Atom feed (RFC 4287), newest first, each linking to
 * `/v1/changes?since=<the release before it>`. Links are relative to the
 * feed's own URL, so the document is the same whatever host or path prefix serves it; its text is
 * the dataset's, in the dataset's language.
 *
 * @example atomFeed(dataset, await releaseFeedIds(dataset.history.changes, dataset))
 */
export function atomFeed(dataset: Dataset, ids: FeedIds): string {
  const { base, changes } = dataset.history;
  const entries = changes
    .map((change, index) => {
      const previous = index === 0 ? base : (changes[index - 1] as ReleaseChange).version;
      return [
        '  <entry>',
        `    <id>${ids.entries.get(change.version)}</id>`,
        `    <title>Release ${escapeXml(change.version)}</title>`,
        `    <published>${change.published}</published>`,
        `    <updated>${change.published}</updated>`,
        `    <link rel="alternate" type="application/json" href="changes?since=${encodeURIComponent(previous)}"/>`,
        `    <summary type="text">${escapeXml(releaseSummary(dataset, change))}</summary>`,
        '  </entry>',
      ].join('\n');
    })
    .reverse();
  const updated = changes.at(-1)?.published ?? dataset.meta.published;
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
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
