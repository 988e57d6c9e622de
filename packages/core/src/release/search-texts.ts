import type { Dataset } from '../dataset/dataset.js';
import type { PublishedSearchTexts } from '../dataset/snapshot-search.js';
import { releaseLanguages } from '../language/release-languages.js';
import { searchHitTexts } from '../search/language-search.js';

/**
 * Every language's hit texts (`searchHitTexts`), worked out once when a release is published: the
 * default language first, then each translated one.
 */
export function publishedSearchTexts(dataset: Dataset): PublishedSearchTexts[] {
  const languages = releaseLanguages(dataset);
  return languages.tags.map((tag) => ({
    tag,
    texts: searchHitTexts({
      lists: dataset.registry.lists,
      list: (list) => languages.list(tag, list),
      stats: () => languages.stats(tag),
    }),
  }));
}
