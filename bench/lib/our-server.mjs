// Our Node adapter exactly as `pnpm start` runs it in production behind one proxy hop: the access log
// on (to stdout, which the benchmark discards), limits counted per client address.
import { fileURLToPath } from 'node:url';
import { freePort, startPinned, waitForHttp } from './processes.mjs';

const MAIN = fileURLToPath(import.meta.resolve('@gamedata/node/main'));

/**
 * Starts our server on the servers' CPU; resolves once it answers, with how long that took.
 * `nodeArgs` go to node before the entry point (`--import` a hook, say).
 */
export async function startOurServer({ releasesDir, env = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = startPinned(process.execPath, [...nodeArgs, MAIN], {
    PORT: String(port),
    HOST: '127.0.0.1',
    GAMEDATA_TRUST_PROXY: '1',
    GAMEDATA_KEYS_FILE: '/nonexistent/keys.json',
    ...(releasesDir ? { GAMEDATA_RELEASES_DIR: releasesDir } : {}),
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/v1/meta`);
  return { child, url, readyMs: performance.now() - started };
}
