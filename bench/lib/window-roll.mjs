// The rate-limit window roll: hundreds of thousands of clients counted in one window, then the
// minute turns (windows are aligned to the wall clock: README, "Rate limits and keys") while the
// load goes on. The p99 of the seconds around the roll is compared with the p99 of the same load
// just after it.
import { setTimeout as sleep } from 'node:timers/promises';
import { runWrk } from './wrk.mjs';

const WINDOW_MS = 60_000;
/** The measured run starts this long before the roll and lasts twice as long. */
const AROUND_S = 3;

/**
 * Loads ours with new clients for most of a window so that `clients` are counted (as many as its
 * rate allows), then measures across the roll and after it.
 */
export async function measureWindowRoll(ours, { path, clients, expectedRps }) {
  const load = { url: `${ours.url}${path}`, serverPid: ours.child.pid };
  const preloadS = Math.min(WINDOW_MS / 1000 - AROUND_S - 2, Math.ceil(clients / expectedRps));
  let untilRoll = WINDOW_MS - (Date.now() % WINDOW_MS);
  // Start the preload early in a window, so that it and the roll at its end fall in one window.
  if (untilRoll < (preloadS + AROUND_S + 1) * 1000) {
    await sleep(untilRoll + 200);
    untilRoll = WINDOW_MS - (Date.now() % WINDOW_MS);
  }
  await sleep(untilRoll - (preloadS + AROUND_S) * 1000);
  const preload = await runWrk({ ...load, seconds: preloadS });
  await sleep(Math.max(0, WINDOW_MS - (Date.now() % WINDOW_MS) - AROUND_S * 1000));
  const acrossRoll = await runWrk({ ...load, seconds: 2 * AROUND_S });
  const after = await runWrk({ ...load, seconds: 2 * AROUND_S });
  return { counted: preload.requests, acrossRoll, after };
}
