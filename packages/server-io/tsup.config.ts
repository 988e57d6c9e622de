import { defineConfig } from 'tsup';

export default defineConfig({
  // One entry per subpath export, so that importing one (the Lambda handler imports the logger and
  // read-file) loads neither the others nor @gamedata/core.
  entry: ['src/read-file.ts', 'src/logger.ts', 'src/dataset.ts', 'src/key-file.ts', 'src/compress.ts', 'src/release/index.ts'],
  format: ['esm'],
  clean: true,
  target: 'node20',
  sourcemap: true,
});
