import type { StoreFlip } from '../ratelimit/fallback-store.js';

/**
 * The log line of a switch of the rate limits between the shared store and per-instance counters:
 * one per switch, never one per request, so the lines with `msg` `rate-limit store` list every
 * outage with its start, its end, its failed calls and its length.
 */
export type StoreFlipLogEntry = Omit<StoreFlip, 'error'> & {
  msg: 'rate-limit store';
  /** The failure's message alone: a stack would only show the store's client, not why it failed. */
  error?: string;
};

/**
 * The log line of a switch the fallback store reported.
 *
 * @example onFlip: (flip) => log(storeFlipLogEntry(flip))
 */
export function storeFlipLogEntry(flip: StoreFlip): StoreFlipLogEntry {
  const { error, ...fields } = flip;
  const entry: StoreFlipLogEntry = { msg: 'rate-limit store', ...fields };
  if (flip.reason === 'error') entry.error = error instanceof Error ? error.message : String(error);
  return entry;
}
