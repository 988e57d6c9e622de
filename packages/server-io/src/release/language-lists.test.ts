import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp, decodeSnapshot, LIST_NAMES } from '@gamedata/core/runtime';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { publishDataset } from './publish.js';
import { readRelease } from './release-store.js';
import { germanTranslation, smallExport, writeExport } from './test-export.js';

describe("a published release's lists in each language", () => {
  it('are kept deflated, and read back as translating the export does', async () => {
    const exportDir = await writeExport({ ...smallExport(), ...germanTranslation() });
    const releasesDir = await makeTempDir('releases');
    await publishDataset({ exportDir, releasesDir, at: new Date('2026-12-01T08:00:00Z') });
    const { dataset } = await readRelease(releasesDir);
    const snapshot = new Uint8Array(
      await readFile(join(releasesDir, dataset.meta.version, 'dataset.snapshot')),
    );
    // Read without the codec, the same release translates its records as they are read.
    const apps = [createApp({ dataset: decodeSnapshot(snapshot) }), createApp({ dataset })];
    for (const list of LIST_NAMES) {
      const answers = await Promise.all(
        apps.map(async (app) => {
          const answer = await app.fetch(new Request(`http://api.test/v1/${list}?lang=de`), {
            clientIp: '203.0.113.7',
          });
          return [
            answer.headers.get('etag'),
            answer.headers.get('content-language'),
            await answer.text(),
          ];
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
    }
    const emberBlade = dataset.lists.items.ids.indexOf('ember-blade');
    expect(dataset.localized!('de', 'items')!.records.at(emberBlade).name).toBe('Glutklinge');

    // Raw DEFLATE, which the header's lengths count: smaller than the JSON it holds.
    const header = JSON.parse(
      Buffer.from(snapshot)
        .subarray(16, 16 + Buffer.from(snapshot).readUInt32LE(8))
        .toString(),
    ) as { languageLists: Array<[string, number, number]> };
    const [[tag, , recordsLength]] = header.languageLists as [[string, number, number]];
    const json = LIST_NAMES.reduce(
      (sum, list) =>
        sum +
        dataset.lists[list].ids.reduce(
          (bytes, _, i) => bytes + dataset.localized!('de', list)!.records.json(i).length,
          0,
        ),
      0,
    );
    expect(tag).toBe('de');
    expect(recordsLength).toBeLessThan(json);
  });
});
