// Ours next to the peers, scenario by scenario: the plain node:http server and fastify replay the
// bytes ours sent, so every difference is what the servers themselves cost.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureAnswer } from './capture.mjs';
import { freePort, startPinned, stop, waitForHttp } from './processes.mjs';
import { rotated, roundRatio, summarise } from './rounds.mjs';
import { checkRun } from './scenarios.mjs';
import { runWrk } from './wrk.mjs';

const PEERS = ['plain', 'fastify'];

/** Captures ours' answer to every scenario into a file the peers load. */
async function captureAnswers(ours, scenarios) {
  const answers = [];
  for (const { path, headers = {} } of scenarios) {
    const acceptEncoding = headers['accept-encoding'];
    // Captured as a 200 with the headers that pick its body (Accept-Language its language), replayed by target and coding;
    // the peers make a 304 of it themselves.
    const { 'if-none-match': _validator, ...picking } = headers;
    const answer = await captureAnswer(ours.url, path, picking);
    answers.push({
      path,
      acceptEncoding,
      status: answer.status,
      headers: answer.headers,
      body: answer.body.toString('base64'),
    });
  }
  const file = join(tmpdir(), `gamedata-bench-answers-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(answers));
  return file;
}

async function startPeer(name, answersFile) {
  const port = await freePort();
  const script = fileURLToPath(new URL(`../servers/${name}.mjs`, import.meta.url));
  const child = startPinned(process.execPath, [script, answersFile, String(port)]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { child, url };
}

/** Throws unless every server gives every scenario the same status and body bytes. */
async function checkSameAnswers(servers, scenarios) {
  for (const scenario of scenarios) {
    const [ours, ...peers] = await Promise.all(
      Object.values(servers).map((server) =>
        captureAnswer(server.url, scenario.path, scenario.headers),
      ),
    );
    for (const [index, answer] of peers.entries()) {
      if (
        answer.status !== ours.status ||
        !answer.body.equals(ours.body) ||
        ours.status !== scenario.status
      ) {
        throw new Error(
          `"${scenario.name}": ${PEERS[index]} answered ${answer.status} (${answer.body.length} B), ours ${ours.status} (${ours.body.length} B)`,
        );
      }
    }
  }
}

/**
 * Runs every scenario against plain, fastify and ours (each warmed up first) in `rounds` rounds of
 * one run each, back to back, each round in another order: the machine's slow spells then fall on
 * all three alike. Returns one result per scenario: each server's median figures, and ours' ratio to
 * each peer as the median of the rounds' ratios.
 */
export async function compareWithPeers(ours, scenarios, { seconds, warmupSeconds, rounds }) {
  const answersFile = await captureAnswers(ours, scenarios);
  const servers = {
    ours,
    plain: await startPeer('plain', answersFile),
    fastify: await startPeer('fastify', answersFile),
  };
  const who = ['plain', 'fastify', 'ours'];
  try {
    await checkSameAnswers(servers, scenarios);
    const results = [];
    for (const scenario of scenarios) {
      const loadOf = (name) => ({
        url: `${servers[name].url}${scenario.path}`,
        serverPid: servers[name].child.pid,
        headers: scenario.headers,
      });
      for (const name of who) await runWrk({ ...loadOf(name), seconds: warmupSeconds });
      const all = { plain: [], fastify: [], ours: [] };
      for (let round = 0; round < rounds; round++) {
        // Each round starts with another server, so none of them always runs right after the same one.
        for (const name of rotated(who, round)) {
          const run = await runWrk({ ...loadOf(name), seconds });
          checkRun(name, scenario, run);
          all[name].push(run);
        }
      }
      const roundRatios = (peer) => roundRatio(all.ours, all[peer]);
      const runs = Object.fromEntries(who.map((name) => [name, summarise(all[name])]));
      results.push({
        scenario,
        runs,
        ratios: { plain: roundRatios('plain'), fastify: roundRatios('fastify') },
      });
      console.error(
        `  ${scenario.name}: plain ${Math.round(runs.plain.rps)}, fastify ${Math.round(runs.fastify.rps)}, ours ${Math.round(runs.ours.rps)} req/s (medians of ${rounds})`,
      );
    }
    return results;
  } finally {
    await stop(servers.plain.child);
    await stop(servers.fastify.child);
    rmSync(answersFile, { force: true });
  }
}
