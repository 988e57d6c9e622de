import type { Dataset } from '../dataset/dataset.js';
import { releaseLanguages } from './release-languages.js';

/** The records of one collection's bulk file in one language of the release. */
export type BulkRecords = (tag: string, collection: string) => readonly object[];

/**
 * What a release's bulk files hold, in each of its languages: a collection's records as `lang` serves
 * them — a list's records, or the stat vocabulary — in list order, translated where the language
 * translates them and in the default language where it does not. The default language's are the
 * dataset's own. Publishing writes each file from these (`JSON.stringify`), and a snapshot remakes a
 * translated file's uncompressed bytes from them, so the two cannot differ. Each list in each language
 * is made on first use.
 *
 * @example bulkRecords(dataset)('de', 'items')[0] // the first item, its text in German
 */
export function bulkRecords(dataset: Dataset): BulkRecords {
  const languages = releaseLanguages(dataset);
  return (tag, collection) =>
    collection === 'stats'
      ? languages.stats(tag).stats
      : languages.list(tag, collection).collection.records;
}
