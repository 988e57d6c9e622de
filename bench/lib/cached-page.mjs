// Ours' cached items?limit=50 on the release ours serves: the scale that answers to new questions
// are quoted against, run in the same rounds as they are.
import { checkRun } from './scenarios.mjs';
import { runWrk } from './wrk.mjs';

const CACHED_PAGE = { name: 'cached items?limit=50', status: 200 };

/** A run of `seconds` of the cached page against `ours`, checked. */
export const cachedPageRunner = (ours) => async (seconds) => {
  const run = await runWrk({
    url: `${ours.url}/v1/items?limit=50`,
    serverPid: ours.child.pid,
    seconds,
  });
  checkRun('ours', CACHED_PAGE, run);
  return run;
};
