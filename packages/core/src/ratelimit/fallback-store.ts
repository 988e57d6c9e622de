import type { RateLimitStore } from './store.js';

export interface FallbackStoreOptions {
  /** The shared store (e.g. Redis). */
  primary: RateLimitStore;
  /** Per-instance store used while the primary is failing or slow. */
  fallback: RateLimitStore;
  /** How long a primary call may take before it counts as failed. Default 50 ms. */
  timeoutMs?: number;
  /** While the primary is down, how often to try it again. Default 1,000 ms. */
  retryIntervalMs?: number;
  now?: () => number;
  /** Called once when the primary starts failing (not once per request). */
  onOutage?: (error: unknown) => void;
  /** Called once when the primary answers again. */
  onRecovery?: () => void;
}

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`rate-limit store did not answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Keeps serving when the shared store fails: counts go to the per-instance fallback, the outage is
 * reported once, and the primary is tried again every `retryIntervalMs` (so an outage does not cost a
 * timeout on every request) until it answers, which is reported once too. The limiter therefore never
 * turns a store failure into a 5xx; limits just become per-instance for the duration.
 *
 * @example const store = createFallbackStore({ primary: redisStore, fallback: createMemoryStore() });
 */
export function createFallbackStore(options: FallbackStoreOptions): RateLimitStore {
  const { primary, fallback, timeoutMs = 50, retryIntervalMs = 1000, now = Date.now } = options;
  let down = false;
  let retryAt = 0;

  return {
    async consume(key, cost, expiresAt) {
      if (down && now() < retryAt) return fallback.consume(key, cost, expiresAt);
      try {
        const count = await withTimeout(Promise.resolve(primary.consume(key, cost, expiresAt)), timeoutMs);
        if (down) {
          down = false;
          options.onRecovery?.();
        }
        return count;
      } catch (error) {
        if (!down) {
          down = true;
          options.onOutage?.(error);
        }
        retryAt = now() + retryIntervalMs;
        return fallback.consume(key, cost, expiresAt);
      }
    },
  };
}
