// Runs taken in rounds, each round in another order, and summed up by medians: the machine's slow
// spells then fall on every server alike, and the few rounds that straddle a spell's edge move no median.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Round `round`'s order: the list started at another of its members each round. */
export const rotated = (list, round) => [
  ...list.slice(round % list.length),
  ...list.slice(0, round % list.length),
];

/** The median over the rounds of one run's req/s divided by another's of the same round. */
export const roundRatio = (runs, baselines) =>
  median(runs.map((run, round) => run.rps / baselines[round].rps));

/** One server's runs of a scenario as one figure each: the median, the most wrk ever used, and every timeout. */
export function summarise(runs) {
  return {
    timeouts: runs.reduce((sum, r) => sum + (r.timeouts ?? 0), 0),
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    serverCpu: median(runs.map((r) => r.serverCpu)),
    loadCpu: Math.max(...runs.map((r) => r.loadCpu)),
  };
}
