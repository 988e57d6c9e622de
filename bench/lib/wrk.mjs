// Load from wrk on its own CPU, every request from a new client address (load/new-client.lua).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpuTicks, LOAD_CPU } from './processes.mjs';

const SCRIPT = fileURLToPath(new URL('../load/new-client.lua', import.meta.url));
const THREADS = 2;
const TICKS_PER_SECOND = 100;

/** The next client number no earlier run has used, so every request of the benchmark is a new client. */
let nextClient = 0;

/** Lines in each terms file, read once. */
const termCounts = new Map();
function termCount(file) {
  if (!termCounts.has(file)) termCounts.set(file, readFileSync(file, 'utf8').split('\n').length);
  return termCounts.get(file);
}

/**
 * Loads `url` for `seconds` and returns req/s, latency percentiles in ms, errors, and the share of a
 * core that wrk and the server used — the proof of which of them was the bottleneck. With
 * `termsFile`, each request appends the file's next line to `url`, from line `firstTerm` on; the
 * result's `termsEnd` is where a later run goes on, and a run that would have to send a line again
 * throws, since a repeated query is no longer new to the server.
 */
export async function runWrk({
  url,
  seconds,
  serverPid,
  connections = 64,
  headers = {},
  termsFile,
  firstTerm = 0,
}) {
  const args = [
    '-c',
    LOAD_CPU,
    'wrk',
    `-t${THREADS}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    url,
    '--',
    String(nextClient),
    String(THREADS),
  ];
  for (const [name, value] of Object.entries(headers)) args.push(`${name}: ${value}`);
  if (termsFile) args.push(`@${termsFile}`, String(firstTerm));
  const serverBefore = cpuTicks(serverPid);
  const wrk = spawn('taskset', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  wrk.stdout.on('data', (chunk) => (output += chunk));
  // wrk's own CPU time over the time it ran so far, read until it exits (its /proc entry goes with it).
  const started = performance.now();
  let loadCpu = 0;
  const sampler = setInterval(() => {
    try {
      loadCpu = cpuTicks(wrk.pid) / TICKS_PER_SECOND / ((performance.now() - started) / 1000);
    } catch {
      // Already gone; keep the last reading.
    }
  }, 100);
  const code = await new Promise((resolve) => wrk.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${output}`);
  const result = JSON.parse(output.trim().split('\n').at(-1));
  nextClient += result.requests + THREADS;
  if (termsFile && result.termsEnd > termCount(termsFile))
    throw new Error(
      `${termsFile}: a run from line ${firstTerm} took ${result.termsEnd - firstTerm} lines of ${termCount(termsFile)}; write more`,
    );
  const elapsed = result.durationUs / 1e6;
  return {
    requests: result.requests,
    rps: result.requests / elapsed,
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    max: result.maxUs / 1000,
    socketErrors: result.connectErrors + result.readErrors + result.writeErrors + result.timeouts,
    timeouts: result.timeouts,
    statusErrors: result.statusErrors,
    serverCpu: (cpuTicks(serverPid) - serverBefore) / TICKS_PER_SECOND / elapsed,
    loadCpu,
    termsEnd: result.termsEnd,
  };
}
