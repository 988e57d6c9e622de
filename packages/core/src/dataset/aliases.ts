import { compareIds } from './collection.js';

/** Aliases by collection, then by record id (stat key, for stats). */
export type CollectionAliases = Readonly<
  Record<string, Readonly<Record<string, readonly string[]>>>
>;

/** Each language's aliases, by its tag (the default language's under its own). */
export type SearchAliases = Readonly<Record<string, CollectionAliases>>;

/**
 * The aliases of records of one collection that give any, by id (`idField` names it).
 *
 * @example aliasesById([{ id: 'ysoldes-ward', aliases: ['ysolde'] }, { id: 'axe' }], 'id') // { 'ysoldes-ward': ['ysolde'] }
 */
export function aliasesById(
  records: ReadonlyArray<Readonly<Record<string, unknown>>>,
  idField: string,
): Record<string, string[]> {
  return inIdOrder(
    records.map((record) => [record[idField] as string, record.aliases as string[] | undefined]),
  );
}

/**
 * Records' aliases by id, in id order (so equal aliases are equal JSON, and hash alike), leaving out
 * records that give none.
 */
export function inIdOrder(
  entries: ReadonlyArray<readonly [id: string, aliases: string[] | undefined]>,
): Record<string, string[]> {
  return Object.fromEntries(
    entries
      .filter((entry): entry is [string, string[]] => (entry[1]?.length ?? 0) > 0)
      .sort(([a], [b]) => compareIds(a, b)),
  );
}

/**
 * A collection's aliases in `tag`: a record's in that language, else its default-language ones, as
 * a name falls back.
 *
 * @example languageAliases({ en: { items: { a: ['x'] } }, de: { items: { a: ['y'] } } }, 'de', 'en', 'items') // { a: ['y'] }
 */
export function languageAliases(
  aliases: SearchAliases | undefined,
  tag: string,
  defaultTag: string,
  collection: string,
): Readonly<Record<string, readonly string[]>> {
  const own = aliases?.[defaultTag]?.[collection] ?? {};
  const translated = tag === defaultTag ? undefined : aliases?.[tag]?.[collection];
  return translated === undefined ? own : { ...own, ...translated };
}
