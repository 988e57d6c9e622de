import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/keys.ts', 'src/publish-dataset.ts', 'src/server.ts', 'src/config.ts'],
  format: ['esm'],
  clean: true,
  target: 'node20',
  sourcemap: true,
});
