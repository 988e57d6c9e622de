// `pnpm --filter @gamedata/bench profile`: the profile split of `pnpm bench` alone — where our server
// spends its CPU under the commonest request, each from a new client address — in well under a
// minute. BENCH_SECONDS sets the profiled run (default 5); BENCH_CPU_PROFILE=<file> keeps the profile
// for Chrome DevTools or speedscope.
import { writeFileSync } from 'node:fs';
import { rate } from './lib/format.mjs';
import { profileOurServer, profileSplitTable } from './lib/profile-split.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const { scenario, run, profile, split } = await profileOurServer({
  seconds,
  warmupSeconds: Math.max(1, Math.round(seconds / 3)),
});
if (process.env.BENCH_CPU_PROFILE)
  writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));
console.log(
  `\nOurs under ${scenario.name}, every request from a new client address: ${rate(run.rps)} req/s while profiled, ${seconds} s. Self time of the main thread by bucket:\n`,
);
console.log(profileSplitTable(split));
