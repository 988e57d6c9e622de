// Ours next to the peers, scenario by scenario: the plain node:http server and fastify replay the
// bytes ours sent, so every difference is what the servers themselves cost.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureAnswer } from './capture.mjs';
import { freePort, startPinned, stop, waitForHttp } from './processes.mjs';
import { checkRun } from './scenarios.mjs';
import { runWrk } from './wrk.mjs';

const PEERS = ['plain', 'fastify'];

/** Captures ours' answer to every scenario into a file the peers load. */
async function captureAnswers(ours, scenarios) {
  const answers = [];
  for (const { path, headers = {} } of scenarios) {
    const acceptEncoding = headers['accept-encoding'];
    const answer = await captureAnswer(ours.url, path, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    answers.push({ path, acceptEncoding, status: answer.status, headers: answer.headers, body: answer.body.toString('base64') });
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
    const [ours, ...peers] = await Promise.all(Object.values(servers).map((server) => captureAnswer(server.url, scenario.path, scenario.headers)));
    for (const [index, answer] of peers.entries()) {
      if (answer.status !== ours.status || !answer.body.equals(ours.body) || ours.status !== scenario.status) {
        throw new Error(`"${scenario.name}": ${PEERS[index]} answered ${answer.status} (${answer.body.length} B), ours ${ours.status} (${ours.body.length} B)`);
      }
    }
  }
}

/**
 * Runs every scenario against plain, fastify and ours in turn (each warmed up first), and returns
 * one result per scenario with the three runs.
 */
export async function compareWithPeers(ours, scenarios, { seconds, warmupSeconds }) {
  const answersFile = await captureAnswers(ours, scenarios);
  const servers = { ours, plain: await startPeer('plain', answersFile), fastify: await startPeer('fastify', answersFile) };
  try {
    await checkSameAnswers(servers, scenarios);
    const results = [];
    for (const scenario of scenarios) {
      const runs = {};
      for (const who of ['plain', 'fastify', 'ours']) {
        const load = { url: `${servers[who].url}${scenario.path}`, serverPid: servers[who].child.pid, headers: scenario.headers };
        await runWrk({ ...load, seconds: warmupSeconds });
        runs[who] = await runWrk({ ...load, seconds });
        checkRun(who, scenario, runs[who]);
      }
      results.push({ scenario, runs });
      console.error(`  ${scenario.name}: plain ${Math.round(runs.plain.rps)}, fastify ${Math.round(runs.fastify.rps)}, ours ${Math.round(runs.ours.rps)} req/s`);
    }
    return results;
  } finally {
    await stop(servers.plain.child);
    await stop(servers.fastify.child);
    rmSync(answersFile, { force: true });
  }
}
