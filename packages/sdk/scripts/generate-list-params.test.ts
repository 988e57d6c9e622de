import { expect, it } from 'vitest';
import { generateListParams } from './generate-list-params.js';

// The committed list-parameter types must be exactly what core's descriptors produce today. After a
// filter is added or changed, `pnpm --filter @gamedata/sdk generate` rewrites the file.
it('src/generated/list-params.ts is up to date with the collection descriptors', async () => {
  await expect(generateListParams()).toMatchFileSnapshot('../src/generated/list-params.ts');
});
