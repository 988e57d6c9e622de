import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadDataset } from '@gamedata/core';
import { expect, it } from 'vitest';
import { testPng } from '../test-png.js';
import { contentHashes } from './content-hashes.js';
import { nextRecordHistory, type HistorySide } from './next-record-history.js';
import { smallExport } from './test-export.js';

/** Release `n` of the small export, its blade's might `n`. */
function release(n: number): HistorySide {
  const files = smallExport();
  files['items.json'][0]!.stats = [{ stat: 'mgt', value: n, tags: [] }];
  const loaded = loadDataset(
    {
      files: Object.fromEntries(
        Object.entries(files).map(([name, value]) => [name, JSON.stringify(value)]),
      ),
      sprites: new Map([['blade', testPng()]]),
    },
    { version: `2026-12-0${n}.1`, published: `2026-12-0${n}T08:00:00Z` },
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return { dataset: loaded.dataset, hashes: contentHashes(loaded.dataset) };
}

it('a record history holds none of the releases it was worked out from: a chain of publishes keeps one dataset at a time', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let before = release(1);
  const compared: Array<WeakRef<object>> = [];
  for (let n = 2; n <= 5; n++) {
    const next = release(n);
    const recordHistory = nextRecordHistory(before, before, next, []);
    compared.push(new WeakRef(before.dataset));
    // As the next publish reads it: the release it makes, its history in it.
    before = { ...next, dataset: { ...next.dataset, recordHistory } };
  }
  expect(before.dataset.recordHistory?.releases.map((r) => r.version)).toHaveLength(5);
  expect(before.dataset.recordHistory?.list('items').timeline('ember-blade')?.en).toHaveLength(5);
  // Finalisers run between tasks: collect, let them, collect again.
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  expect(compared.map((ref) => ref.deref() === undefined)).toEqual([true, true, true, true]);
});
