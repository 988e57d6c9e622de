// `pnpm bench`: our Node adapter loaded the way a public API is — every request from a new client
// address through one trusted proxy hop, the access log on — next to a plain node:http server and
// fastify (+ @fastify/rate-limit + pino) replaying the same bytes, in the same run. Servers run on one
// CPU, wrk on the other; the table shows each one's share of its core, so it is plain which was the
// bottleneck. Figures are ratios to the peers because these machines are shared and noisy; the three
// servers take turns, round after round, so a slow spell of the machine falls on all of them. Last, a
// CPU profile of ours under the commonest request says where its time goes (lib/profile-split.mjs).
// It prints figures; it is not a test.
import { compareWithPeers } from './lib/compare.mjs';
import { latencies, markdownTable, ms, percent, rate, ratio } from './lib/format.mjs';
import { measureRecordHistory, recordHistoryReport } from './lib/history-scenarios.mjs';
import { measureLargeDataset } from './lib/large-dataset.mjs';
import { newQuestionsReport } from './lib/questions-report.mjs';
import { startOurServer } from './lib/our-server.mjs';
import { profileOurServer, profileSplitTable } from './lib/profile-split.mjs';
import { comparison, timing } from './lib/run-lengths.mjs';
import { stop } from './lib/processes.mjs';
import { measureRedisMode } from './lib/redis-mode.mjs';
import { comparedScenarios } from './lib/scenarios.mjs';
import { measureWindowRoll } from './lib/window-roll.mjs';

const ROLL_CLIENTS = 500_000;
const LARGE_ITEMS = 100_000;

const ours = await startOurServer();
try {
  console.error('Three-way comparison:');
  const scenarios = await comparedScenarios(ours.url);
  const compared = await compareWithPeers(ours, scenarios, comparison);
  console.error('Redis-backed limits:');
  const redis = await measureRedisMode(ours, scenarios[0], timing);
  console.error(
    `Window roll with up to ${ROLL_CLIENTS.toLocaleString('en')} clients (waits for the minute to turn):`,
  );
  const roll = await measureWindowRoll(ours, {
    path: scenarios[0].path,
    clients: ROLL_CLIENTS,
    expectedRps: compared[0].runs.ours.rps,
  });
  await stop(ours.child);
  console.error(`${LARGE_ITEMS.toLocaleString('en')}-item dataset:`);
  const large = await measureLargeDataset({
    items: LARGE_ITEMS,
    seconds: timing.seconds,
    questions: comparison,
  });
  console.error('Record histories:');
  const history = await measureRecordHistory({ exportDir: large.exportDir, ...comparison });
  console.error('Profile split:');
  const profiled = await profileOurServer({ scenario: scenarios[0], ...timing });

  console.log(
    `\nEvery request from a new client address via one trusted proxy hop; access logs on (to /dev/null); servers on CPU 0, wrk (2 threads, 64 connections) on CPU 1; after a warm-up, ${comparison.rounds} rounds of one ${comparison.seconds} s run per server, each round starting with another. Figures are medians over the rounds; a ratio is the median of the rounds' ratios.\n`,
  );
  console.log(
    markdownTable(
      [
        'scenario',
        'plain req/s',
        'fastify req/s',
        'ours req/s',
        'ours/plain',
        'ours/fastify',
        'p50 / p99 ms plain',
        'fastify',
        'ours',
        'CPU used: servers (ours) / wrk',
      ],
      compared.map(({ scenario, runs, ratios }) => [
        scenario.name,
        rate(runs.plain.rps),
        rate(runs.fastify.rps),
        rate(runs.ours.rps),
        ratio(ratios.plain),
        ratio(ratios.fastify),
        latencies(runs.plain),
        latencies(runs.fastify),
        latencies(runs.ours),
        `${percent(Math.min(...Object.values(runs).map((r) => r.serverCpu)))}–${percent(Math.max(...Object.values(runs).map((r) => r.serverCpu)))} (${percent(runs.ours.serverCpu)}) / ≤ ${percent(Math.max(...Object.values(runs).map((r) => r.loadCpu)))}`,
      ]),
    ),
  );
  const oursByName = new Map(compared.map(({ scenario, runs }) => [scenario.name, runs.ours.rps]));
  console.log(
    '\nOurs in another language, against the same request in the default language (req/s, same run):\n',
  );
  console.log(
    markdownTable(
      ['localised', 'default', 'localised / default'],
      compared
        .filter(({ scenario }) => scenario.localises)
        .map(({ scenario, runs }) => [
          scenario.name,
          scenario.localises,
          ratio(runs.ours.rps / oursByName.get(scenario.localises)),
        ]),
    ),
  );
  console.log(`\nLimits in Redis vs in memory, ${scenarios[0].name}:\n`);
  console.log(
    markdownTable(
      ['mode', 'req/s', 'p50 / p99 ms', 'redis/memory'],
      [
        ['memory', rate(redis.memory.rps), latencies(redis.memory), ''],
        [
          'redis',
          rate(redis.redis.rps),
          latencies(redis.redis),
          ratio(redis.redis.rps / redis.memory.rps),
        ],
      ],
    ),
  );
  console.log(
    `\nWindow roll, ${scenarios[0].name}: ${roll.counted.toLocaleString('en')} clients counted in the window before it rolled:\n`,
  );
  console.log(
    markdownTable(
      ['run', 'req/s', 'p50 / p99 ms', 'max ms', 'p99 across / after'],
      [
        [
          '3 s before to 3 s after the roll',
          rate(roll.acrossRoll.rps),
          latencies(roll.acrossRoll),
          ms(roll.acrossRoll.max),
          ratio(roll.acrossRoll.p99 / roll.after.p99),
        ],
        ['the 6 s after', rate(roll.after.rps), latencies(roll.after), ms(roll.after.max), ''],
      ],
    ),
  );
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `\n${LARGE_ITEMS.toLocaleString('en')} items: ready after ${(large.readyMs / 1000).toFixed(2)} s (median of ${large.starts} starts; fastest ${(large.fastestReadyMs / 1000).toFixed(2)} s, slowest ${(large.slowestReadyMs / 1000).toFixed(2)} s), ${large.readyRss} MiB resident (${large.loadedRss} MiB after the searches and the new questions), having read the snapshot's header, ${mb(large.headBytes)} of ${mb(large.snapshotBytes)}, the rest read as used.`,
  );
  console.log(
    `Ever-new ?q= searches, 20 connections: ${rate(large.search.rps)} req/s, p50 ${ms(large.search.p50)} ms, p99 ${ms(large.search.p99)} ms.`,
  );
  console.log(`\n${newQuestionsReport(large.newQuestions, { items: LARGE_ITEMS, ...comparison })}`);
  console.log(`\n${recordHistoryReport(history, { items: LARGE_ITEMS, ...comparison })}`);
  console.log(
    `\nWhere ours spends its CPU, ${profiled.scenario.name} (${rate(profiled.run.rps)} req/s while profiled): self time of the main thread by bucket:\n`,
  );
  console.log(profileSplitTable(profiled.split));
} finally {
  await stop(ours.child);
}
