// The new questions' figures (`measureQueries`), as `pnpm bench` and `bench/questions.mjs` print them.
import { latencies, markdownTable, percent, rate, ratio } from './format.mjs';

/** The new questions' table, and how often each server's hits held the name searched for. */
export function newQuestionsReport(newQuestions, { items, seconds, rounds }) {
  const lines = [
    `New questions on the ${items.toLocaleString('en')}-item release, every query new to the server, 20 connections; the peer is fastify + better-sqlite3 over the release's own SQLite file with the indexes it adds (bench/servers/sqlite.mjs, ready after ${(newQuestions.peerReadyMs / 1000).toFixed(1)} s, ${newQuestions.peerRss} MiB), answering the same queries alike (checked first). After a warm-up, ${rounds} rounds of one ${seconds} s run each of ours, the peer and ours' cached items?limit=50 on the same release (${rate(newQuestions.cachedRps)} req/s, the median over all scenarios), each round starting with another. Figures are medians over the rounds; a ratio is the median of the rounds' ratios.\n`,
    markdownTable(
      [
        'scenario',
        'ours req/s',
        'peer req/s',
        'ours/peer',
        'ours/cached',
        'p50 / p99 ms ours',
        'peer',
        'CPU ours / wrk',
      ],
      newQuestions.results.map(({ scenario, ours, peer, toPeer, toCached }) => [
        scenario.name,
        rate(ours.rps),
        `${rate(peer.rps)}${peer.timeouts ? ` (${peer.timeouts.toLocaleString('en')} past wrk's 10 s timeout)` : ''}`,
        ratio(toPeer),
        ratio(toCached),
        latencies(ours),
        latencies(peer),
        `${percent(ours.serverCpu)} / ${percent(ours.loadCpu)}`,
      ]),
    ),
  ];
  const quality = newQuestions.searchQuality;
  if (quality)
    lines.push(
      `\nThe peer answers search from FTS5 tables of each language's names, built from the file's text, and a table of one-edit variants of every word of the names (bench/servers/sqlite.mjs). Over the first ${quality.compared} searches, the name searched for was among the hits of ours in ${percent(quality.ours)} (the first hit in ${percent(quality.oursFirst)}), of the peer in ${percent(quality.peer)} (${percent(quality.peerFirst)}).`,
    );
  return lines.join('\n');
}
