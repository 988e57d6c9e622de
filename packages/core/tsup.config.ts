import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

/** A hash of core's sources (tests aside): the same sources give the same build on every machine. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join('src', file)));
  return hash.digest('hex').slice(0, 16);
}

export default defineConfig({
  entry: ['src/index.ts', 'src/runtime.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  sourcemap: true,
  define: { __GAMEDATA_CORE_BUILD__: JSON.stringify(sourcesHash()) },
});
