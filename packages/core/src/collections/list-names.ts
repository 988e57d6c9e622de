/**
 * The collections of the API (README, "API overview"), named once. Everything else about each
 * paginated list is in its descriptor (`collections.ts`); this module imports nothing, so the
 * record schemas, the dataset types and the descriptors can all name the lists without importing
 * one another.
 */
export const LIST_NAMES = ['items', 'abilities', 'relics', 'followers'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** Every collection `meta.counts` reports: the four lists and the unpaginated stat vocabulary. */
export const COLLECTION_NAMES = [...LIST_NAMES, 'stats'] as const;
export type CollectionName = (typeof COLLECTION_NAMES)[number];
