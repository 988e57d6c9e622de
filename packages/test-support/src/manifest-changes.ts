import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One language's hashes in a release's hashes.json. */
export interface LanguageManifestHashes {
  hash: string;
  collections: Record<string, { records: Record<string, string> }>;
  /** The hash of its rarity names, as JSON. */
  rarities?: string;
}

/** What the expected changes are worked out from: a release's version and time (manifest.json) and its content hashes (hashes.json). */
export interface ManifestHashes {
  version: string;
  published: string;
  collections: Record<string, { records: Record<string, string> }>;
  sprites: { files: Record<string, string> };
  translations?: Record<string, LanguageManifestHashes>;
}

/** The ids one release added, changed and removed in a collection or the sprites. */
export interface IdLists {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What one release changed in one language's translations. */
export interface SortedLanguageChange {
  collections: Record<string, IdLists>;
  rarities: boolean;
}

/** A change-feed entry with every id list sorted, to compare without depending on order. */
export interface SortedChange {
  version: string;
  published: string;
  collections: Record<string, IdLists>;
  sprites: IdLists;
  translations: Record<string, SortedLanguageChange>;
}

/** Reads a release's version, time and content hashes, as published, from a releases directory. */
export async function readManifest(releasesDir: string, version: string): Promise<ManifestHashes> {
  const read = async (name: string) =>
    JSON.parse(await readFile(join(releasesDir, version, name), 'utf8')) as Record<string, unknown>;
  const [{ published }, hashes] = await Promise.all([read('manifest.json'), read('hashes.json')]);
  return { ...hashes, version, published } as ManifestHashes;
}

/** The keys added, changed and removed from one hash map to another, each list sorted. */
function keyChanges(before: Record<string, string>, after: Record<string, string>): IdLists {
  const keys = (of: Record<string, string>) => Object.keys(of).sort();
  return {
    added: keys(after).filter((id) => !(id in before)),
    changed: keys(after).filter((id) => id in before && before[id] !== after[id]),
    removed: keys(before).filter((id) => !(id in after)),
  };
}

/** The rarity names' hash of a language a release lacks: it has none. */
const NO_RARITY_NAMES = createHash('sha256').update('{}').digest('hex');

/** Every language whose hash differs, with its ids per collection and whether its rarity names' hash differs. */
function translationChanges(
  before: ManifestHashes,
  after: ManifestHashes,
): Record<string, SortedLanguageChange> {
  const was = before.translations ?? {};
  const is = after.translations ?? {};
  const changes: Record<string, SortedLanguageChange> = {};
  for (const tag of [...new Set([...Object.keys(was), ...Object.keys(is)])].sort()) {
    if (was[tag]?.hash === is[tag]?.hash) continue;
    const names = [
      ...new Set([
        ...Object.keys(was[tag]?.collections ?? {}),
        ...Object.keys(is[tag]?.collections ?? {}),
      ]),
    ];
    const collections = Object.fromEntries(
      names.map((name) => [
        name,
        keyChanges(
          was[tag]?.collections[name]?.records ?? {},
          is[tag]?.collections[name]?.records ?? {},
        ),
      ]),
    );
    const rarities =
      (was[tag] ? was[tag].rarities : NO_RARITY_NAMES) !==
      (is[tag] ? is[tag].rarities : NO_RARITY_NAMES);
    changes[tag] = { collections, rarities };
  }
  return changes;
}

/**
 * What `/v1/changes` must list from `before` to `after`, worked out from the per-record, per-sprite and
 * per-language hashes of the two manifests rather than from the history the server reads, labelled `label`.
 */
export function expectedChange(
  before: ManifestHashes,
  after: ManifestHashes,
  label: ManifestHashes = after,
): SortedChange {
  const collections = Object.fromEntries(
    Object.entries(after.collections).map(([name, { records }]) => [
      name,
      keyChanges(before.collections[name]?.records ?? {}, records),
    ]),
  );
  return {
    version: label.version,
    published: label.published,
    collections,
    sprites: keyChanges(before.sprites.files, after.sprites.files),
    translations: translationChanges(before, after),
  };
}

type ChangesBody = { data: SortedChange[] };
const sortedLists = (lists: IdLists): IdLists => ({
  added: [...lists.added].sort(),
  changed: [...lists.changed].sort(),
  removed: [...lists.removed].sort(),
});
const sortedCollections = (collections: Record<string, IdLists>) =>
  Object.fromEntries(
    Object.entries(collections).map(([name, lists]) => [name, sortedLists(lists)]),
  );

/** A `/v1/changes` body's entries with every id list sorted. */
export function sortedChanges(body: ChangesBody): SortedChange[] {
  return body.data.map((change) => ({
    ...change,
    collections: sortedCollections(change.collections),
    sprites: sortedLists(change.sprites),
    translations: Object.fromEntries(
      Object.entries(change.translations).map(([tag, language]) => [
        tag,
        { ...language, collections: sortedCollections(language.collections) },
      ]),
    ),
  }));
}
