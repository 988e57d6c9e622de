// How long the bench runs, from BENCH_SECONDS (5) and BENCH_ROUNDS (7).

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/** One long run of each server, after a warm-up. */
export const timing = { seconds, warmupSeconds: Math.max(1, Math.round(seconds / 3)) };

// The comparisons' runs are short and many: seven rounds of each server. The machine's slow spells
// last tens of seconds, so the runs of a short round mostly fall inside or outside the same one, and
// the few rounds that straddle a spell's edge move no median.
export const comparison = {
  seconds: Math.max(2, Math.round(seconds * 0.4)),
  warmupSeconds: timing.warmupSeconds,
  rounds: Number(process.env.BENCH_ROUNDS ?? 7),
};
