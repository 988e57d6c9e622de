/** What every list's records have: a stable id and a name (search and `sort=name` read it). */
export interface AnyListRecord {
  readonly id: string;
  readonly name: string;
}

/** Each list's record type, by list name: what a dataset's `lists` hold. */
export type ListTypes = { readonly [list: string]: AnyListRecord };
