import { defineConfig } from 'tsup';

export default defineConfig({
  // One entry per subpath export, so that importing one (the Lambda handler imports the logger, env
  // and read-file, and the edge paths) loads none of the others; only the logger loads core's runtime
  // entry, to redact keys. `release/release-store` reads releases without publishing's code, for a
  // Lambda reading a bucket; `snapshot-file` reads the snapshot a Lambda package carries, and
  // `database-file` its SQLite file.
  entry: [
    'src/read-file.ts',
    'src/env.ts',
    'src/logger.ts',
    'src/dataset.ts',
    'src/key-file.ts',
    'src/compress.ts',
    'src/release/index.ts',
    'src/release/edge-paths.ts',
    'src/release/release-store.ts',
    'src/release/database-file.ts',
    'src/snapshot-file.ts',
  ],
  format: ['esm'],
  clean: true,
  target: 'node20',
  sourcemap: true,
});
