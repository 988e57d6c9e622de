import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { deflateRecordBlocks, type BlockCodec } from '../dataset/record-blocks.js';
import type { LanguageIndex, PublishedLanguage } from '../dataset/snapshot-languages.js';
import { localizeCollection } from '../language/localized-collection.js';
import { localizeStats } from '../language/release-languages.js';

/**
 * Each translated language's lists as they read in it, worked out once when a release is published
 * so that a server reads them as it reads the default language's: per list, each record's JSON
 * length, which records fall back and the names; the stats in the language, whose translations then
 * need not be read either; and every record's JSON in blocks deflated with `deflate`. Deflated,
 * because a language's records are mostly the default language's again: a tenth of the bytes to ship.
 */
export function publishedLanguages(
  dataset: Dataset,
  deflate: BlockCodec['deflate'],
): PublishedLanguage[] {
  const encoder = new TextEncoder();
  return Object.entries(dataset.translations).map(([tag, translations]) => {
    const index = { stats: localizeStats(dataset.stats, translations) } as LanguageIndex;
    const blocks: Uint8Array[] = [];
    for (const { name: list, translatable } of dataset.registry.lists) {
      const base = collectionOf(dataset, list);
      const localized = localizeCollection(list, translatable, base, translations);
      const encoded = base.ids.map((_, i) => encoder.encode(JSON.stringify(localized.at(i))));
      const deflated = deflateRecordBlocks(encoded, deflate);
      blocks.push(...deflated.parts);
      index[list] = {
        lengths: encoded.map((bytes) => bytes.length),
        blocks: deflated.blocks,
        fellBack: base.ids.flatMap((_, i) => (localized.fellBack(i) ? [i] : [])),
        ...(localized.searchNames === base.searchNames
          ? {}
          : { searchNames: localized.searchNames }),
      };
    }
    return { tag, index, blocks };
  });
}
