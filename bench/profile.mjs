// `pnpm --filter @gamedata/bench profile`: the profile split of `pnpm bench` alone — where our server
// spends its CPU under the commonest request, each from a new client address — in well under a
// minute; with BENCH_PROFILE=search, under the bench's ever-new searches on the 100,000-item release
// (made once per machine, as `pnpm bench` makes it). BENCH_SECONDS sets the profiled run (default 5);
// BENCH_CPU_PROFILE=<file> keeps the profile for Chrome DevTools or speedscope.
import { writeFileSync } from 'node:fs';
import { rate } from './lib/format.mjs';
import { searchLoad } from './lib/large-dataset.mjs';
import { profileOurServer, profileSplitTable } from './lib/profile-split.mjs';
import { timing } from './lib/run-lengths.mjs';

const { seconds } = timing;
/** Enough queries for the warm-up and the profiled run at any rate ours reaches. */
const SEARCHES_A_SECOND = 15_000;
/**
 * The searches' warm-up: past the indexes each language builds on its first searches (about 2.5 s of
 * the server's time at 100,000 items in English and German), which the profile would otherwise count
 * as the searches' own.
 */
const SEARCH_WARMUP_SECONDS = 6;
const profilesSearch = process.env.BENCH_PROFILE === 'search';
const warmupSeconds = profilesSearch
  ? Math.max(timing.warmupSeconds, SEARCH_WARMUP_SECONDS)
  : timing.warmupSeconds;
const searches = profilesSearch
  ? {
      scenario: { name: 'ever-new /v1/search', path: '/v1/search?', status: 200 },
      connections: 20,
      ...searchLoad(100_000, (seconds + warmupSeconds) * SEARCHES_A_SECOND),
    }
  : {};
const { scenario, run, profile, split } = await profileOurServer({
  seconds,
  warmupSeconds,
  ...searches,
});
if (process.env.BENCH_CPU_PROFILE)
  writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));
console.log(
  `\nOurs under ${scenario.name}, every request from a new client address: ${rate(run.rps)} req/s while profiled, ${seconds} s. Self time of the main thread by bucket:\n`,
);
console.log(profileSplitTable(split));
