import { DatasetChangedError, GameDataError } from './errors.js';

/** A page as a walk reads it: its entries, the version that served it, and the next page's cursor. */
export interface WalkedPage<T> {
  data: readonly T[];
  datasetVersion: string;
  cursor?: string;
}

/**
 * Every entry of the pages `read` gives, one page after another from `cursor` on, all from one
 * version: a page served by another, or a cursor refused by a server that has moved on (its 400
 * carries the new version: README, "Dataset change mid-walk"), throws `DatasetChangedError` rather
 * than mix two.
 */
export async function* walkPages<T>(
  read: (cursor: string | undefined) => Promise<WalkedPage<T>>,
  cursor?: string,
): AsyncGenerator<T> {
  let pinned: string | undefined;
  do {
    let page: WalkedPage<T>;
    try {
      page = await read(cursor);
    } catch (error) {
      const to = error instanceof GameDataError ? error.datasetVersion : undefined;
      if (pinned && to && to !== pinned) throw new DatasetChangedError(pinned, to, error);
      throw error;
    }
    pinned ??= page.datasetVersion;
    if (page.datasetVersion !== pinned) throw new DatasetChangedError(pinned, page.datasetVersion);
    yield* page.data;
    cursor = page.cursor;
  } while (cursor);
}
