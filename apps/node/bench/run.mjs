// `pnpm bench`: our Node adapter against a plain node:http server serving the same bytes, both loaded
// by autocannon in the same run. Figures are ratios to that baseline because these machines are shared
// and noisy; absolute numbers drift from run to run. It prints figures; it is not a test.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 32;
const PATH = '/v1/items?limit=50';

function startChild(script, args = []) {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, url: message.url }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

const ours = await startChild('./our-server.mjs');
const sample = await fetch(`${ours.url}${PATH}`);
const body = Buffer.from(await sample.arrayBuffer());
const headers = Object.fromEntries([...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)));
const plain = await startChild('./plain-server.mjs', [JSON.stringify({ status: sample.status, headers, body: body.toString('base64') })]);
const etag = sample.headers.get('etag');

const scenarios = [
  { name: `GET ${PATH} (200, ${body.length} B)`, headers: {}, expect: 200 },
  { name: `GET ${PATH} with If-None-Match (304)`, headers: { 'if-none-match': etag }, expect: 304 },
];

const rows = [];
for (const scenario of scenarios) {
  // Warm both servers up, then measure plain and ours alternately under the same conditions.
  await load(`${plain.url}${PATH}`, scenario.headers);
  const base = await load(`${plain.url}${PATH}`, scenario.headers);
  const mine = await load(`${ours.url}${PATH}`, scenario.headers);
  for (const [who, result] of [['plain', base], ['ours', mine]]) {
    const wrong = result.non2xx - (scenario.expect === 304 ? result.requests.total : 0);
    if (result.errors > 0 || (scenario.expect === 200 && wrong > 0)) {
      throw new Error(`${who}: ${result.errors} errors, ${result.non2xx} non-2xx answers in "${scenario.name}"`);
    }
  }
  rows.push({
    scenario: scenario.name,
    'plain req/s': Math.round(base.requests.average),
    'ours req/s': Math.round(mine.requests.average),
    'ours/plain': (mine.requests.average / base.requests.average).toFixed(2),
    'plain p99 ms': base.latency.p99,
    'ours p99 ms': mine.latency.p99,
  });
}

ours.child.kill();
plain.child.kill();
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per run, same machine, same run:\n`);
console.table(rows);
