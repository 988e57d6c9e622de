import { expect, it } from 'vitest';
import { idBatches } from './id-batches.js';

it('names up to 200 ids a request, each encoded', () => {
  const ids = Array.from({ length: 401 }, (_, at) => `id ${at}`);
  const batches = idBatches(ids);
  expect(batches.map((batch) => batch.split(',').length)).toEqual([200, 200, 1]);
  expect(batches[0]?.startsWith('id%200,id%201,')).toBe(true);
  expect(batches.flatMap((batch) => batch.split(',')).map(decodeURIComponent)).toEqual(ids);
});

it('names fewer long ids a request, so its URL stays within 8 KB', () => {
  const ids = Array.from({ length: 200 }, (_, at) => `${'x'.repeat(120)}-${at}`);
  const batches = idBatches(ids);
  expect(batches.length).toBeGreaterThan(1);
  for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(6000);
  expect(batches.flatMap((batch) => batch.split(','))).toEqual(ids);
  expect(idBatches([])).toEqual([]);
});
