/**
 * Resolves after `ms`; rejects with the signal's reason as soon as it aborts (at once if it already
 * has), so a caller's `signal` also cuts short the wait between retries.
 *
 * @example
 * await sleep(500, options.signal);
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
