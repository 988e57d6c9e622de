/**
 * The bytes of what queries work out from a list's records and keep for the release's life — the
 * indexes (value sets, columns in value order, ranks, codes), names ranked and ordered in each
 * language, each record's members' starts, facets laid out along an order — counted by the list's
 * ids, which every language's view of it shares, with the name indexes of `q` and each language's
 * search index and what its searches build on first use (counted with the first list, as it spans
 * them all; its memos are bounded by their own limits). They are bounded by the data (a
 * list's records times its fields, sort keys and languages), not by the questions asked; the answer
 * caches make room for them within the app's memory budget, and `stats()` reports them.
 */
const held = new WeakMap<readonly string[], number>();

/** Counts `bytes` more derived from the records of `collection` (any language's view of the list). */
export function countDerived(collection: { readonly ids: readonly string[] }, bytes: number): void {
  held.set(collection.ids, (held.get(collection.ids) ?? 0) + bytes);
}

/** The bytes derived so far from the lists whose collections are `collections`, every view included. */
export function derivedBytes(collections: Iterable<{ readonly ids: readonly string[] }>): number {
  let bytes = 0;
  for (const { ids } of collections) bytes += held.get(ids) ?? 0;
  return bytes;
}

/** An upper bound of what strings hold: a header each, and two bytes a code unit. */
export const stringBytes = (strings: Iterable<string>): number => {
  let bytes = 0;
  for (const text of strings) bytes += 16 + 2 * text.length;
  return bytes;
};

/** The bytes of typed arrays, as they hold them. */
export const bytesOf = (...arrays: ReadonlyArray<ArrayBufferView | undefined>): number =>
  arrays.reduce((sum, array) => sum + (array?.byteLength ?? 0), 0);
