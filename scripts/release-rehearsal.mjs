// Release rehearsal: the whole publish path against a real npm registry (Verdaccio) on loopback.
//
//   1. clone the committed tree into a temporary directory and install it;
//   2. start Verdaccio with no uplinks (nothing leaves this machine) and create a publisher account;
//   3. add a changeset, run `pnpm version-packages`, then the same `pnpm release` CI would run;
//   4. in a fresh directory outside the workspace, `npm install @gamedata/sdk` from that registry and
//      run one ESM and one CJS program that list, iterate and fetch items from a running Node adapter.
//
// It checks that the versions `version-packages` bumped are the ones that arrive. Run by .ci/run;
// locally: `pnpm release:rehearsal` (it uses the committed HEAD, not uncommitted changes).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLISHED = ['@gamedata/core', '@gamedata/sdk', '@gamedata/redis-store'];
const children = [];

function log(message) {
  process.stdout.write(`[rehearsal] ${message}\n`);
}

function run(command, args, options = {}) {
  return execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a long-running child and resolves once `ready(output)` holds. */
function startChild(command, args, options, ready) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const value = ready(output);
      if (value) resolve({ child, value });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

async function startRegistry(dir) {
  const port = await freePort();
  const config = join(dir, 'verdaccio.yaml');
  // No uplinks: the rehearsal registry holds only what we publish to it.
  await writeFile(
    config,
    [
      `storage: ${join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(dir, 'htpasswd')}`,
      '    max_users: 10',
      'packages:',
      "  '@gamedata/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const bin = join(ROOT, 'node_modules', '.bin', 'verdaccio');
  const url = `http://127.0.0.1:${port}/`;
  const registry = spawn(bin, ['--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(registry);
  for (let i = 0; i < 300; i++) {
    if (registry.exitCode !== null) throw new Error(`Verdaccio exited with ${registry.exitCode}`);
    if ((await fetch(`${url}-/ping`).catch(() => undefined))?.ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Verdaccio did not answer on ${url}`);
}

async function createPublisher(registry) {
  const response = await fetch(`${registry}-/user/org.couchdb.user:rehearsal`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'rehearsal',
      password: `pw-${Date.now()}`,
      email: 'rehearsal@localhost',
    }),
  });
  if (!response.ok)
    throw new Error(`could not create a publisher: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

async function readVersion(repo, dir) {
  return JSON.parse(await readFile(join(repo, dir, 'package.json'), 'utf8')).version;
}

const CONSUMER_ESM = `
import { createClient, NotFoundError } from '@gamedata/sdk';
const gd = createClient({ baseUrl: process.env.API_URL });
const page = await gd.items.list({ limit: 5 });
let walked = 0;
for await (const item of gd.items.iterate({ rarity: 'legendary', limit: 200 })) walked += item.rarity === 4 ? 1 : 0;
const item = await gd.items.get(page.data[0].id);
let missing = false;
try { await gd.items.get('no-such-item'); } catch (error) { missing = error instanceof NotFoundError; }
console.log(JSON.stringify({ kind: 'esm', count: page.data.length, total: page.meta.total, walked, id: item.id, missing }));
`;

const CONSUMER_CJS = `
const { createClient } = require('@gamedata/sdk');
(async () => {
  const gd = createClient({ baseUrl: process.env.API_URL });
  const page = await gd.items.list({ limit: 5 });
  let walked = 0;
  for await (const item of gd.items.iterate({ rarity: 'legendary', limit: 200 })) walked += item.rarity === 4 ? 1 : 0;
  const item = await gd.items.get(page.data[0].id);
  console.log(JSON.stringify({ kind: 'cjs', count: page.data.length, total: page.meta.total, walked, id: item.id }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'gamedata-rehearsal-'));
  const repo = join(work, 'repo');
  log(`cloning into ${repo}`);
  run('git', ['clone', '--quiet', ROOT, repo]);
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], {
    cwd: repo,
  });

  const registry = await startRegistry(work);
  const token = await createPublisher(registry);
  const host = registry.replace(/^http:/, '');
  await writeFile(join(repo, '.npmrc'), `registry=${registry}\n${host}:_authToken=${token}\n`);
  log(`registry on ${registry}`);

  await writeFile(
    join(repo, '.changeset', 'release-rehearsal.md'),
    `---\n'@gamedata/sdk': minor\n---\n\nRelease rehearsal.\n`,
  );
  const before = await readVersion(repo, 'packages/sdk');
  run('pnpm', ['version-packages'], { cwd: repo });
  const bumped = {
    '@gamedata/core': await readVersion(repo, 'packages/core'),
    '@gamedata/sdk': await readVersion(repo, 'packages/sdk'),
    '@gamedata/redis-store': await readVersion(repo, 'packages/redis-store'),
  };
  if (bumped['@gamedata/sdk'] === before)
    throw new Error(`version-packages did not bump @gamedata/sdk (still ${before})`);
  const changelog = await readFile(join(repo, 'packages/sdk/CHANGELOG.md'), 'utf8');
  if (!changelog.includes(bumped['@gamedata/sdk']))
    throw new Error('CHANGELOG.md has no entry for the new version');
  log(`version-packages: @gamedata/sdk ${before} → ${bumped['@gamedata/sdk']}`);

  run('pnpm', ['release'], { cwd: repo, env: { ...process.env, npm_config_registry: registry } });
  for (const name of PUBLISHED) {
    const arrived = run('npm', [
      'view',
      name,
      'version',
      '--registry',
      registry,
      '--userconfig',
      join(repo, '.npmrc'),
    ]).trim();
    if (arrived !== bumped[name])
      throw new Error(`${name}: registry has ${arrived}, version-packages wrote ${bumped[name]}`);
    log(`published ${name}@${arrived}`);
  }

  const consumer = join(work, 'consumer');
  run('mkdir', ['-p', consumer]);
  await writeFile(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'rehearsal-consumer', private: true }),
  );
  await writeFile(join(consumer, '.npmrc'), `registry=${registry}\n`);
  // --registry explicitly: under `pnpm run`, npm_config_registry in the environment would win over .npmrc.
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--registry',
      registry,
      `@gamedata/sdk@${bumped['@gamedata/sdk']}`,
    ],
    { cwd: consumer },
  );
  const installed = JSON.parse(
    await readFile(join(consumer, 'node_modules/@gamedata/sdk/package.json'), 'utf8'),
  ).version;
  if (installed !== bumped['@gamedata/sdk'])
    throw new Error(`installed ${installed}, expected ${bumped['@gamedata/sdk']}`);
  await writeFile(join(consumer, 'esm.mjs'), CONSUMER_ESM);
  await writeFile(join(consumer, 'cjs.cjs'), CONSUMER_CJS);

  run('pnpm', ['turbo', 'run', 'build', '--filter=@gamedata/node', '--output-logs=errors-only'], {
    cwd: repo,
  });
  const { value: apiUrl } = await startChild(
    process.execPath,
    [join(repo, 'apps/node/dist/main.js')],
    { env: { ...process.env, PORT: '0', HOST: '127.0.0.1' } },
    (output) =>
      output
        .split('\n')
        .map((line) => /"msg":"ready".*"url":"([^"]+)"/.exec(line)?.[1])
        .find(Boolean),
  );
  for (const program of ['esm.mjs', 'cjs.cjs']) {
    const result = JSON.parse(
      run(process.execPath, [program], { cwd: consumer, env: { ...process.env, API_URL: apiUrl } }),
    );
    if (result.count !== 5 || result.walked < 1 || !result.id || result.missing === false) {
      throw new Error(`${program} got an unexpected result: ${JSON.stringify(result)}`);
    }
    log(`${program}: ${JSON.stringify(result)}`);
  }
  log(`rehearsal passed: ${PUBLISHED.map((name) => `${name}@${bumped[name]}`).join(', ')}`);
  await rm(work, { recursive: true, force: true });
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
}
