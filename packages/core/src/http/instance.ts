import type { StoreFlip } from '../ratelimit/fallback-store.js';

/**
 * The instance serving the app, as `/v1/status` reports it: the same for every release it serves,
 * as `app.withDataset` keeps it.
 */
export interface Instance {
  /** When the app was created, read from the injected clock (`AppDeps.now`), in epoch milliseconds. */
  readonly startedAt: number;
  /**
   * Where requests are counted right now: `shared` while the shared store answers, `per-instance`
   * without one or while it fails (the fallback store's switches set it).
   */
  rateLimits: StoreFlip['state'];
}
