/**
 * Rate-limit windows are aligned to the wall clock (60 s). A test that counts requests against a real
 * server waits here when fewer than `needMs` remain in the current window, so its requests all fall in
 * one window.
 */
export async function awayFromWindowEdge(needMs = 10_000, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** Polls `condition` every 20 ms until it holds (or throws after `timeoutMs`). */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
