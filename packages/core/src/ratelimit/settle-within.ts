/** How a call settled within the time it was given: its value, its failure, or neither yet. */
export type Settled<T> =
  | { settled: 'answered'; value: T }
  | { settled: 'failed'; error: unknown }
  | { settled: 'timed-out' };

/**
 * Runs `call` and tells how it settled within `ms`; never rejects. Whatever the call does after that
 * is dropped, a late failure included (so it is never an unhandled rejection).
 *
 * When the timer is due, the answer is given one more turn of the event loop: after this process
 * was stalled (a long task, a busy CPU), the timer and an answer that arrived meanwhile are both
 * ready, and timers run before input is read — without that turn, the stall would count against the
 * store that answered in time.
 *
 * @example const outcome = await settleWithin(() => store.consume(key, 1, expiresAt), 500);
 */
export function settleWithin<T>(call: () => T | Promise<T>, ms: number): Promise<Settled<T>> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first of these settles the promise; later calls do nothing.
    const settle = (outcome: Settled<T>) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    try {
      Promise.resolve(call()).then(
        (value) => settle({ settled: 'answered', value }),
        (error: unknown) => settle({ settled: 'failed', error }),
      );
    } catch (error) {
      settle({ settled: 'failed', error });
      return;
    }
    timer = setTimeout(() => {
      timer = setTimeout(() => settle({ settled: 'timed-out' }), 0);
    }, ms);
  });
}
