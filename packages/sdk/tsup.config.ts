import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    // The client runs on any fetch runtime (Node, browsers, Deno, Bun, workers): building its types
    // without Node's globals makes a stray `process` or `Buffer` in src a build error.
    dts: { compilerOptions: { types: [] } },
    clean: true,
    target: 'es2022',
  },
  {
    // `@gamedata/sdk/node`: what saves files to disk, for Node alone.
    entry: ['src/node.ts'],
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { types: ['node'] } },
    platform: 'node',
    target: 'node20',
  },
]);
