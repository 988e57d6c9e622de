import { demo } from '@gamedata/test-support/demo';
import { expect, it } from 'vitest';
import { generateListParams } from './generate-list-params.js';

// The committed list-parameter types must be exactly what core's descriptors and the demo's current
// release produce today. After a filter, a rarity or a slot, subtype or category value is added or
// changed, `pnpm --filter @gamedata/sdk generate` rewrites the file.
it('src/generated/list-params.ts is up to date with the collection descriptors and the dataset', async () => {
  await expect(generateListParams(demo)).toMatchFileSnapshot('../src/generated/list-params.ts');
});
