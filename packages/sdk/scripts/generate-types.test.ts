import { expect, it } from 'vitest';
import { generateRecordTypes } from './generate-types.js';

// The committed record types must be exactly what the schemas produce today. After a schema change,
// `pnpm --filter @gamedata/sdk generate` rewrites the file (this test run with --update).
it('src/generated/records.ts is up to date with the core schemas', async () => {
  await expect(generateRecordTypes()).toMatchFileSnapshot('../src/generated/records.ts');
});
