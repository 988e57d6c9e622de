import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/keys.ts', 'src/publish-dataset.ts', 'src/server.ts', 'src/config.ts'],
  format: ['esm'],
  clean: true,
  target: 'node20',
  sourcemap: true,
  // Bundled, dependencies included: a start resolves and compiles a few files rather than a hundred
  // (a fifth of a second, measured by `pnpm bench`). What only some configurations load (the Redis
  // client, prom-client, the key-file validator, the AWS SDK for releases in a bucket) or only some
  // requests (the OpenAPI document, /docs) is split into chunks loaded on demand. The chunks sit
  // beside the entries: config.ts finds the demo releases from where its code is.
  // All but SQLite in WebAssembly (what publishing writes a release's SQLite file with), which finds
  // its .wasm beside its own script.
  noExternal: [/^(?!node-sqlite3-wasm$)/],
  splitting: true,
  // esbuild's account of what went where: the tests read it to tell what a start loads.
  metafile: true,
  // Bundled CommonJS (the Redis client, prom-client) requires Node's built-ins; an ES module has no
  // `require` of its own, so every file gets one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  esbuildOptions(options) {
    // Core's and server-io's chunks import each other bare for ordering; both are free of side
    // effects, so dropping those imports is what we want, not something to warn about.
    options.logOverride = { 'ignored-bare-import': 'silent' };
  },
});
