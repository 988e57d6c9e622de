/**
 * Where rate-limit counters live. One process uses the bounded in-memory store; many processes or
 * Lambda instances share one store (e.g. Redis) so the limit holds across all of them (README,
 * "Rate limits and keys").
 */
export interface RateLimitStore {
  /**
   * Adds `cost` (0 to read without counting, as for preflight requests) to the counter `key` and
   * returns its new value. The counter must be forgotten at `expiresAt` (epoch milliseconds): keys
   * embed their window, so a later window starts a fresh counter. A store that can answer at once
   * (in memory) returns the number itself, so the request is answered without waiting a turn.
   */
  consume(key: string, cost: 0 | 1, expiresAt: number): number | Promise<number>;
}
