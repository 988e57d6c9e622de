#!/usr/bin/env node
// `pnpm dev` (CONTRIBUTING.md, "Setup"): serves the Node adapter and serves every edit again.
//
// esbuild bundles src/main.ts with the workspace packages it uses read from their sources, not their
// dist/, so an edit in core or server-io is rebuilt here in well under a second, without waiting on
// their own builds. The bundle goes to .dev/, which no other build touches. After a build that
// succeeds, the server is stopped and started on the new bundle; after one that fails, the errors are
// printed and the server that is running keeps serving the last good build. The server gets what
// `pnpm start` gets: the same environment, and the same place (.dev/ sits where dist/ does, so the
// demo releases are found alike).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = join(APP_DIR, '..', '..');
const OUT_DIR = join(APP_DIR, '.dev');
/** How long a stopped server gets to close its connections before it is killed. */
const STOP_GRACE_MS = 2_000;

/**
 * Resolves `@gamedata/<package>[/<subpath>]` to the TypeScript source behind the `dist/` file its
 * package exports (`dist/release/index.js` → `src/release/index.ts`).
 */
const workspaceSources = {
  name: 'workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@gamedata\// }, ({ path }) => {
      const [, name, subpath] = /^@gamedata\/([^/]+)(\/.*)?$/.exec(path);
      const dir = join(REPO, 'packages', name);
      const exports = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports;
      let target = exports[`.${subpath ?? ''}`];
      while (typeof target === 'object') target = target.import ?? target.default;
      const source = join(dir, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
      return existsSync(source) ? { path: source } : undefined;
    });
  },
};

let server;
let stopping;

function startServer() {
  server = spawn(process.execPath, ['--enable-source-maps', join(OUT_DIR, 'main.js')], {
    stdio: 'inherit',
    env: { GAMEDATA_SHUTDOWN_GRACE_MS: String(STOP_GRACE_MS), ...process.env },
  });
}

/** Stops the running server (SIGTERM, then SIGKILL after the grace) and settles once it has exited. */
function stopServer() {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null)
    return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS + 1_000);
    running.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    running.kill('SIGTERM');
  });
}

const restartOnSuccess = {
  name: 'restart-on-success',
  setup(build) {
    let first = true;
    build.onEnd(async (result) => {
      if (result.errors.length > 0) {
        const where = server
          ? 'the last good build keeps serving'
          : 'nothing is served until a build succeeds';
        process.stderr.write(`gamedata dev: the build failed; ${where}.\n`);
        return;
      }
      if (!first) process.stderr.write('gamedata dev: rebuilt; restarting the server.\n');
      first = false;
      await stopServer();
      if (!stopping) startServer();
    });
  },
};

const context = await esbuild.context({
  entryPoints: [join(APP_DIR, 'src', 'main.ts')],
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'error',
  // As in tsup.config.ts: bundled CommonJS requires Node's built-ins through a `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logOverride: { 'ignored-bare-import': 'silent' },
  plugins: [workspaceSources, restartOnSuccess],
});
await context.watch();

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    stopping = true;
    await context.dispose();
    await stopServer();
    process.exit(0);
  });
}
