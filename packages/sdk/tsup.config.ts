import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The client runs on any fetch runtime (Node, browsers, Deno, Bun, workers): building its types
  // without Node's globals makes a stray `process` or `Buffer` in src a build error.
  dts: { compilerOptions: { types: [] } },
  clean: true,
  target: 'es2022',
});
