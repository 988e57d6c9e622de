import {
  type CollectionChanges,
  type LanguageChanges,
  type ReleaseChange,
  type TranslationChanges,
} from '@gamedata/core/runtime';
import { raritiesHash, type ContentHashes, type LanguageHashes } from './content-hashes.js';
import { keyDiff } from './release-diff.js';

/** What a change-feed entry says beyond its version and published time. */
export type ChangedIds = Pick<ReleaseChange, 'collections' | 'sprites' | 'translations'>;

/** The rarity names' hash of a language a release does not have. */
const NO_RARITY_NAMES = raritiesHash({});

const inFeedOrder = ({ added, changed, removed }: CollectionChanges): CollectionChanges => ({
  added,
  changed,
  removed,
});

/**
 * Whether a language's rarity names differ between two releases, a language a release lacks having
 * none. A manifest published before rarity names had a hash of their own cannot say: they are taken
 * as changed then, since a client that fetches records again loses less than one showing stale names.
 */
function raritiesChanged(was: LanguageHashes | undefined, is: LanguageHashes | undefined): boolean {
  const before = was ? was.rarities : NO_RARITY_NAMES;
  const after = is ? is.rarities : NO_RARITY_NAMES;
  return before === undefined || after === undefined || before !== after;
}

/** One language's changes, or nothing when its translations are the same on both sides. */
function languageChanges(
  names: readonly string[],
  was: LanguageHashes | undefined,
  is: LanguageHashes | undefined,
): LanguageChanges | undefined {
  if (was?.hash === is?.hash) return undefined;
  const collections: Record<string, TranslationChanges> = {};
  for (const name of names)
    collections[name] = inFeedOrder(
      keyDiff(was?.collections[name]?.records ?? {}, is?.collections[name]?.records ?? {}),
    );
  const rarities = raritiesChanged(was, is);
  const listsAny =
    rarities ||
    Object.values(collections).some((changes) =>
      Object.values(changes).some((ids) => ids.length > 0),
    );
  // The contract's change feed names the API's own collections; a registry's are the same names.
  return listsAny
    ? { collections: collections as LanguageChanges['collections'], rarities }
    : undefined;
}

/**
 * Per language tag, in tag order, what changed in its translations: the ids whose translation was
 * added, changed or removed per collection, and whether the rarity names changed. A language added or
 * removed whole lists every translated id as added or removed; one whose translations are the same is
 * left out. A manifest published before translations has none.
 */
function translationChanges(
  before: ContentHashes,
  after: ContentHashes,
  names: readonly string[],
): ReleaseChange['translations'] {
  const was = before.translations ?? {};
  const is = after.translations ?? {};
  const tags = [...new Set([...Object.keys(was), ...Object.keys(is)])].sort();
  const changes: ReleaseChange['translations'] = {};
  for (const tag of tags) {
    const language = languageChanges(names, was[tag], is[tag]);
    if (language) changes[tag] = language;
  }
  return changes;
}

/**
 * The ids added, changed and removed from one release's content to another's, per collection, for the
 * sprites and per language for the translations: a change-feed entry's body. Both sides are content
 * hashes, which every manifest holds, so any two releases of a directory compare without loading either.
 *
 * Listed are the collections `names`: by default the newer release's, so one it adds lists every
 * record as added; a server names those it serves, which an older release may lack.
 *
 * @example changesBetween(previousManifest, manifest).sprites.changed // ['follower.beast.2']
 */
export function changesBetween(
  before: ContentHashes,
  after: ContentHashes,
  names: readonly string[] = Object.keys(after.collections),
): ChangedIds {
  const collections: Record<string, CollectionChanges> = {};
  for (const name of names)
    collections[name] = inFeedOrder(
      keyDiff(before.collections[name]?.records ?? {}, after.collections[name]?.records ?? {}),
    );
  return {
    collections: collections as ChangedIds['collections'],
    sprites: inFeedOrder(keyDiff(before.sprites.files, after.sprites.files)),
    translations: translationChanges(before, after, names),
  };
}
