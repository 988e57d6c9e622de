import { settleWithin } from './settle-within.js';
import type { RateLimitStore } from './store.js';

/** A switch of the limits between the shared store and this instance's own counters. */
export interface StoreFlip {
  /** Where requests are counted from now on. */
  state: 'per-instance' | 'shared';
  /**
   * Why: the primary failed (`error`: connection refused or closed, an error reply), answered nothing
   * in time for `downAfterMs` (`timeout`), or answers in time again (`answered`).
   */
  reason: 'error' | 'timeout' | 'answered';
  /** Calls to the primary that failed or timed out since it last answered in time. */
  failures: number;
  /** Milliseconds since the primary last answered in time (or since the first of those calls started, if later). */
  downForMs: number;
  /** What the primary failed with, when `reason` is `error`. */
  error?: unknown;
}

export interface FallbackStoreOptions {
  /** The shared store (e.g. Redis). */
  primary: RateLimitStore;
  /** Per-instance store used while the primary is failing or slow. */
  fallback: RateLimitStore;
  /**
   * How long one request waits for the primary. A request it does not answer in time is counted in
   * the fallback, that request alone: the limits stay shared. Default 500 ms.
   */
  timeoutMs?: number;
  /**
   * How long the primary may answer no call in time before the limits go per-instance. A call that
   * fails outright (connection refused or closed) switches them at once. Default 2,000 ms.
   */
  downAfterMs?: number;
  /** While the limits are per-instance, how often to ask the primary again. Default 1,000 ms. */
  retryIntervalMs?: number;
  /** Clock in epoch milliseconds; injected so tests can move time. */
  now?: () => number;
  /** Called once per switch (not once per request): when the limits go per-instance, and when they are shared again. */
  onFlip?: (flip: StoreFlip) => void;
}

// A request waits up to twice the slowest counting call seen on a busy machine, so even a slow call
// is seldom late; the limits go per-instance only after 2 s without one answer in time — longer
// than a slow spell, and short enough that a Redis that hangs (no error, no answer) costs 2 s of
// requests waiting half a second each, after which none waits for it. The measurements:
// bench/README.md, "Rate-limit store timeouts".
const DEFAULT_TIMEOUT_MS = 500;
const DEFAULT_DOWN_AFTER_MS = 2000;
const DEFAULT_RETRY_INTERVAL_MS = 1000;

/**
 * Keeps serving when the shared store fails or is slow. A call it does not answer in time counts
 * that request in the per-instance fallback; the limits go per-instance only when a call fails
 * outright or no call has been answered in time for `downAfterMs`, so a store that is merely slow
 * keeps them shared. Then no request waits for the primary: once per `retryIntervalMs`, one request
 * also asks it in the background, and the first answer in time makes the limits shared again. Each
 * switch is reported once, through `onFlip`. The limiter therefore never turns a store failure into
 * a 5xx, and a request never waits longer than `timeoutMs` for the store.
 *
 * A call is never sent twice: a late answer is dropped, as its request was already counted in the
 * fallback, while sending the call again would count that request twice in the shared store.
 *
 * @example const store = createFallbackStore({ primary: redisStore, fallback: createMemoryStore(), onFlip: (flip) => log(flip) });
 */
export function createFallbackStore(options: FallbackStoreOptions): RateLimitStore {
  const { primary, fallback, now = Date.now } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const downAfterMs = options.downAfterMs ?? DEFAULT_DOWN_AFTER_MS;
  const retryIntervalMs = options.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS;
  let down = false;
  let retryAt = 0;
  let answeredAt = 0;
  // Since the primary last answered in time: how many calls missed, and since when.
  let failures = 0;
  let failingSince = 0;

  function flip(state: StoreFlip['state'], reason: StoreFlip['reason'], error?: unknown): void {
    down = state === 'per-instance';
    if (down) retryAt = now() + retryIntervalMs;
    const report: StoreFlip = { state, reason, failures, downForMs: now() - failingSince };
    if (reason === 'error') report.error = error;
    options.onFlip?.(report);
  }

  /** The primary's count, or `undefined` when it failed or did not answer in time. */
  async function ask(key: string, cost: 0 | 1, expiresAt: number): Promise<number | undefined> {
    const startedAt = now();
    const outcome = await settleWithin(() => primary.consume(key, cost, expiresAt), timeoutMs);
    if (outcome.settled === 'answered') {
      if (down) flip('shared', 'answered');
      failures = 0;
      answeredAt = now();
      return outcome.value;
    }
    if (failures++ === 0) failingSince = Math.max(startedAt, answeredAt);
    if (down) return undefined;
    if (outcome.settled === 'failed') flip('per-instance', 'error', outcome.error);
    else if (now() - failingSince >= downAfterMs) flip('per-instance', 'timeout');
    return undefined;
  }

  return {
    consume(key, cost, expiresAt) {
      if (!down)
        return ask(key, cost, expiresAt).then(
          (count) => count ?? fallback.consume(key, cost, expiresAt),
        );
      if (now() >= retryAt) {
        retryAt = now() + retryIntervalMs;
        // In the background: the request is counted here at once, and in the primary too if it answers.
        void ask(key, cost, expiresAt);
      }
      return fallback.consume(key, cost, expiresAt);
    },
  };
}
