/** The ids filter's limit per request. */
export const IDS_PER_REQUEST = 200;
/**
 * The most characters of ids one request names: its URL then stays within the 8 KB CloudFront takes
 * (and the 16 KB the server does), whatever the ids' length (up to 128 characters each).
 */
const ID_CHARACTERS_PER_REQUEST = 6000;

/**
 * The `ids=` values that name `ids` (each URL-encoded), each within the limits of one request.
 *
 * @example idBatches(["a b", "c"]) // ["a%20b,c"]
 */
export function idBatches(ids: readonly string[]): string[] {
  const batches: string[] = [];
  let batch: string[] = [];
  let characters = 0;
  for (const id of ids) {
    const encoded = encodeURIComponent(id);
    if (
      batch.length === IDS_PER_REQUEST ||
      (batch.length > 0 && characters + 1 + encoded.length > ID_CHARACTERS_PER_REQUEST)
    ) {
      batches.push(batch.join(','));
      batch = [];
      characters = 0;
    }
    characters += (batch.length > 0 ? 1 : 0) + encoded.length;
    batch.push(encoded);
  }
  if (batch.length > 0) batches.push(batch.join(','));
  return batches;
}
