// Ours with its limits shared through Redis (as several instances would run it), next to ours
// counting in memory, in the same run. Redis runs on the servers' CPU: it is part of the serving side.
import { startOurServer } from './our-server.mjs';
import { freePort, startPinned, stop } from './processes.mjs';
import { checkRun } from './scenarios.mjs';
import { runWrk } from './wrk.mjs';

async function startRedis() {
  const port = await freePort();
  const child = startPinned('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  return { child, url: `redis://127.0.0.1:${port}` };
}

/** One scenario against ours on Redis and ours in memory, each warmed up, measured in turn. */
export async function measureRedisMode(memoryBacked, scenario, { seconds, warmupSeconds }) {
  const redis = await startRedis();
  const redisBacked = await startOurServer({ env: { GAMEDATA_REDIS_URL: redis.url } });
  try {
    const runs = {};
    for (const [who, server] of [
      ['redis', redisBacked],
      ['memory', memoryBacked],
    ]) {
      const load = { url: `${server.url}${scenario.path}`, serverPid: server.child.pid };
      await runWrk({ ...load, seconds: warmupSeconds });
      runs[who] = await runWrk({ ...load, seconds });
      checkRun(`ours (${who})`, scenario, runs[who]);
    }
    return runs;
  } finally {
    await stop(redisBacked.child);
    await stop(redis.child);
  }
}
