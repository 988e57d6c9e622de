import { STAT_TRANSLATABLE_FIELDS, type TranslatableFields } from '../dataset/translations.js';
import type { ListDescriptor } from './descriptor.js';
import type { ListTypes } from './list-types.js';

/**
 * The lists a server serves and a release holds, each described once. Everything that is written
 * once for every list — routes, query parsing, facets, search, the release file's sections, OpenAPI,
 * /docs — reads a registry, never a list's name; the API's own is `REGISTRY` (collections.ts).
 */
export interface Registry<L extends ListTypes = ListTypes> {
  /** The record type of each list, by name: only a type, so that datasets read by it are typed. */
  readonly types?: L;
  /** In the order every list-wise structure follows: routes, a release's sections, search entries, bulk files. */
  readonly lists: readonly ListDescriptor[];
  /** The descriptor of a list it holds; a name it does not hold is a caller's mistake, thrown. */
  list(name: string): ListDescriptor;
  /** Whether it holds a list by that name (a route's or a query's, say). */
  has(name: string): boolean;
}

/** A list name: a path segment, a file name and a release section's name at once. */
const LIST_NAME = /^[a-z][a-z0-9-]*$/;

/** Names a list cannot take: the API's other collections and the paths beside `/v1/{list}`. */
const RESERVED = new Set([
  'stats',
  'meta',
  'status',
  'changes',
  'search',
  'facets',
  'bulk',
  'sqlite',
  'img',
  'languages',
  // Keys every object has: a list's name is a key of the objects that hold lists by name.
  'constructor',
  'prototype',
]);

/** Type names of the OpenAPI document's own components, which a list's cannot take. */
const RESERVED_TYPES = new Set([
  'Stat',
  'Meta',
  'Status',
  'Language',
  'BulkFileEntry',
  'SqliteFile',
  'SearchHit',
  'SearchResults',
  'FacetCount',
  'Error',
  'CollectionMeta',
  'CollectionChanges',
  'SpriteChanges',
  'TranslationChanges',
  'LanguageChanges',
  'ReleaseChange',
  'FieldChange',
  'HistoryEntry',
  'RecordHistory',
]);

/**
 * A registry of `lists`, checked: at least one, each name a lower-case path segment that no other path
 * takes, and names and type names unique.
 *
 * @example defineRegistry([...REGISTRY.lists, questDescriptor]).list('quests').noun // 'quest'
 */
export function defineRegistry<L extends ListTypes = ListTypes>(
  lists: readonly ListDescriptor[],
): Registry<L> {
  if (lists.length === 0) throw new Error('a registry has at least one list');
  const byName = new Map<string, ListDescriptor>();
  const typeNames = new Set<string>();
  for (const descriptor of lists) {
    const { name, typeName } = descriptor;
    if (!LIST_NAME.test(name) || RESERVED.has(name))
      throw new Error(
        `a list cannot be named "${name}": it must match ${LIST_NAME} and not be one of ${[...RESERVED].join(', ')}`,
      );
    if (byName.has(name) || typeNames.has(typeName))
      throw new Error(`two lists are named "${name}" or typed "${typeName}"`);
    if (RESERVED_TYPES.has(typeName) || !/^[A-Z][A-Za-z0-9]*$/.test(typeName))
      throw new Error(
        `a list cannot be typed "${typeName}": it must be a name in PascalCase that no other schema of the document takes`,
      );
    byName.set(name, descriptor);
    typeNames.add(typeName);
  }
  return {
    lists,
    list(name) {
      const descriptor = byName.get(name);
      if (descriptor === undefined) throw new Error(`the registry has no list "${name}"`);
      return descriptor;
    },
    has: (name) => byName.has(name),
  };
}

/** The stat vocabulary's name as a collection: in `meta.counts`, bulk files, search hits, translations. */
export const STATS = 'stats';

/**
 * Every collection of a registry's datasets: its lists, then the stat vocabulary.
 *
 * @example collectionNames(REGISTRY) // ['items', 'abilities', 'relics', 'followers', 'stats']
 */
export function collectionNames(registry: Registry): string[] {
  return [...registry.lists.map((descriptor) => descriptor.name), STATS];
}

/**
 * Names as prose names them: `a`, `a and b`, `a, b and c` — how the API's texts name a registry's
 * collections.
 *
 * @example inWords(collectionNames(REGISTRY)) // 'items, abilities, relics, followers and stats'
 */
export function inWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A registry's lists as prose names them: `items, abilities, relics, followers`. */
export function listsInWords(registry: Registry): string {
  return registry.lists.map(({ name }) => name).join(', ');
}

/** A collection's translatable fields: a list's from its descriptor, the stats' their own. */
export function translatableFields(registry: Registry, collection: string): TranslatableFields {
  return collection === STATS ? STAT_TRANSLATABLE_FIELDS : registry.list(collection).translatable;
}

const narrowed = new WeakMap<Registry, Map<string, Registry>>();

/**
 * The lists of `registry` that `names` names, in the registry's order, as a registry: what a release
 * written before some of them existed is read and served with. One registry per set of names, so
 * that what is made once per registry (routes, say) is made once for it too.
 *
 * @example listsNamed(REGISTRY, ['items', 'relics']).lists.length // 2
 */
export function listsNamed(registry: Registry, names: readonly string[]): Registry {
  if (names.length === registry.lists.length) return registry;
  let byNames = narrowed.get(registry);
  if (byNames === undefined) narrowed.set(registry, (byNames = new Map()));
  const key = names.join(',');
  let found = byNames.get(key);
  if (found === undefined) {
    found = defineRegistry(registry.lists.filter(({ name }) => names.includes(name)));
    byNames.set(key, found);
  }
  return found;
}

/**
 * Throws unless a dataset read with `registry` holds each of its lists: what a caller that types the
 * dataset by the registry's lists (`GameDataset`) asks of a release, which may have been written
 * before one of them was added.
 */
export function requireEveryList(dataset: { registry: Registry }, registry: Registry): void {
  const missing = registry.lists.filter(({ name }) => !dataset.registry.has(name));
  if (missing.length > 0)
    throw new Error(
      `dataset snapshot holds no ${missing.map(({ name }) => name).join(', ')}: it was written before ${missing.length === 1 ? 'that list was' : 'those lists were'} added; read it with the registry that serves it`,
    );
}
