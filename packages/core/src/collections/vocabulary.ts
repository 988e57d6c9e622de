import type { RarityLevel } from '../dataset/export-schemas.js';
import type { Stat } from '../schemas/records.js';

/**
 * What a list's filters, sort keys and examples are worked out from besides its records: the stat
 * vocabulary and the rarity scale. A dataset is one; naming only these keeps `collections/` from
 * depending on the dataset that holds a registry of its descriptors.
 */
export interface Vocabulary {
  readonly stats: readonly Stat[];
  readonly rarities: readonly RarityLevel[];
}
