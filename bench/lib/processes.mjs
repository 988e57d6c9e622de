// Child processes of the benchmark: servers pinned to one CPU, the load generator to the other, and
// what /proc says about them (CPU time, resident memory).
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The servers' core and the load generator's: separate, so neither steals the other's time. */
export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command` on the servers' CPU with stdout discarded (where every access log goes, as in
 * production with a log shipper that keeps up) and stderr shown.
 */
export function startPinned(command, args, env = {}) {
  const devNull = openSync('/dev/null', 'w');
  const child = spawn('taskset', ['-c', SERVER_CPU, command, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', devNull, 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!child.stopping) {
      console.error(`${command} ${args.join(' ')} exited early (${signal ?? code})`);
      process.exit(1);
    }
  });
  return child;
}

/** Stops a child started by startPinned and waits for it to exit. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stopping = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
}

/** Resolves once `url` answers at all; rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${url} did not answer within ${timeoutMs} ms`, { cause: error });
      await sleep(20);
    }
  }
}

/** User plus system CPU time of a process, in clock ticks (1/100 s on Linux). */
export function cpuTicks(pid) {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Resident memory of a process, in MiB. */
export function residentMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}
