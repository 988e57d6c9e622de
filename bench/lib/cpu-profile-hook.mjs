// Preloaded into the server being profiled (`node --import`): SIGUSR2 starts V8's sampling profiler,
// the next SIGUSR2 stops it and writes the profile to BENCH_CPU_PROFILE_FILE. The benchmark profiles
// the measured load alone, not start-up or the warm-up, which `--cpu-prof` would include.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.BENCH_CPU_PROFILE_FILE;
const intervalUs = Number(process.env.BENCH_CPU_PROFILE_INTERVAL_US ?? 250);
if (!file) throw new Error('cpu-profile-hook: BENCH_CPU_PROFILE_FILE is not set');

const session = new Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

let running = false;
process.on('SIGUSR2', () => {
  const toggle = running ? stopAndWrite() : start();
  running = !running;
  toggle.catch((error) => {
    console.error('cpu-profile-hook:', error);
    process.exit(1);
  });
});

async function start() {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: intervalUs });
  await post('Profiler.start');
}

async function stopAndWrite() {
  const { profile } = await post('Profiler.stop');
  await post('Profiler.disable');
  // Written whole, then renamed: the benchmark waits for the name to appear.
  writeFileSync(`${file}.partial`, JSON.stringify(profile));
  renameSync(`${file}.partial`, file);
}
