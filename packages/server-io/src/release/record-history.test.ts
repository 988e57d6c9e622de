import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { createApp, SNAPSHOT_PREFIX_BYTES, type Dataset, type SectionEntry } from '@gamedata/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './content-hashes.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { publishDataset, useRelease } from './publish.js';
import { listReleases, readRelease, RELEASE_FILES, type ReleaseManifest } from './release-store.js';
import { germanTranslation, smallExport, writeExport, type ExportRecord } from './test-export.js';
import { upgradeReleases } from './upgrade.js';
import { verifyRelease } from './verify.js';

const day = (n: number) => new Date(`2026-12-0${n}T08:00:00Z`);
const published = (n: number) => `2026-12-0${n}T08:00:00Z`;

function get(dataset: Dataset, path: string) {
  return createApp({ dataset }).fetch(new Request(`http://api.test${path}`), {
    clientIp: '203.0.113.7',
  });
}

/** The export of each step: the small export in English and German, its items edited. */
function step(edit: (items: ExportRecord[], german: Record<string, ExportRecord>) => void) {
  const files = { ...smallExport(), ...germanTranslation() };
  files['stats.json'] = [
    { key: 'mgt', name: 'Might' },
    { key: 'crit', name: 'Critical' },
  ];
  const items = files['items.json'];
  items[0]!.stats = [
    { stat: 'mgt', value: 12, tags: [] },
    { stat: 'crit', value: 3, tags: [] },
  ];
  edit(items, files['translations/de/items.json']);
  return files;
}

const [first, second, third, fourth, fifth] = [
  step(() => {}),
  // Reordered stats; a renamed helm; a German name changed.
  step((items, german) => {
    items[0]!.stats!.reverse();
    items[1]!.name = 'Iron Helmet';
    german['ember-blade'] = { name: 'Glutschwert' };
  }),
  // A stat changed; the helm removed; a ring added.
  step((items, german) => {
    items[0]!.stats![0]!.value = 14;
    german['ember-blade'] = { name: 'Glutschwert' };
    delete german['iron-helm'];
    items.splice(1, 1, { id: 'frost-ring', name: 'Frost Ring', type: 'accessory', rarity: 0 });
  }),
  // The helm back.
  step((items, german) => {
    items[0]!.stats![0]!.value = 14;
    items[1]!.name = 'Iron Helmet';
    german['ember-blade'] = { name: 'Glutschwert' };
    items.push({ id: 'frost-ring', name: 'Frost Ring', type: 'accessory', rarity: 0 });
  }),
  // After a rollback to the third: the stat again.
  step((items, german) => {
    items[0]!.stats![0]!.value = 15;
    german['ember-blade'] = { name: 'Glutschwert' };
    delete german['iron-helm'];
    items.splice(1, 1, { id: 'frost-ring', name: 'Frost Ring', type: 'accessory', rarity: 0 });
  }),
];

/** Publishes the five steps, with a rollback from the fourth to the third before the fifth. */
async function published5() {
  const dir = await makeTempDir('releases');
  const publish = async (files: Readonly<Record<string, unknown>>, n: number) =>
    publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: day(n) });
  await publish(first, 1);
  await publish(second, 2);
  await publish(third, 3);
  await publish(fourth, 4);
  await useRelease(dir, '2026-12-03.1', new Date('2026-12-04T12:00:00Z'));
  await publish(fifth, 5);
  return dir;
}

// Five releases published with their SQLite files take seconds: more on a loaded machine.
const SLOW = 60_000;

describe('record history', () => {
  let shared: string;
  beforeAll(async () => {
    shared = await published5();
  }, SLOW);

  it('tells each record its story: added, changed, removed, restored, withdrawn; a reorder is no change', async () => {
    const dir = shared;
    const { dataset } = await readRelease(dir);
    const history = async (path: string) =>
      ((await (await get(dataset, path)).json()) as { data: unknown[] }).data;
    expect(await history('/v1/items/ember-blade/history')).toEqual([
      {
        version: '2026-12-05.1',
        published: published(5),
        change: 'changed',
        fields: [{ path: 'stats[mgt].value', from: 14, to: 15 }],
      },
      {
        version: '2026-12-03.1',
        published: published(3),
        change: 'changed',
        fields: [{ path: 'stats[mgt].value', from: 12, to: 14 }],
      },
      { version: '2026-12-01.1', published: published(1), change: 'added', fields: [] },
    ]);
    // In German, the release that renamed it in German is there too.
    expect((await history('/v1/items/ember-blade/history?lang=de'))[2]).toEqual({
      version: '2026-12-02.1',
      published: published(2),
      change: 'changed',
      fields: [{ path: 'name', from: 'Glutklinge', to: 'Glutschwert' }],
    });
    expect(await history('/v1/items/iron-helm/history')).toEqual([
      {
        version: '2026-12-04.1',
        published: '2026-12-04T12:00:00.000Z',
        change: 'withdrawn',
        fields: [],
      },
      { version: '2026-12-04.1', published: published(4), change: 'restored', fields: [] },
      { version: '2026-12-03.1', published: published(3), change: 'removed', fields: [] },
      {
        version: '2026-12-02.1',
        published: published(2),
        change: 'changed',
        fields: [{ path: 'name', from: 'Iron Helm', to: 'Iron Helmet' }],
      },
      { version: '2026-12-01.1', published: published(1), change: 'added', fields: [] },
    ]);
    expect(await history('/v1/items/frost-ring/history')).toEqual([
      { version: '2026-12-03.1', published: published(3), change: 'added', fields: [] },
    ]);
    // Removed: no record, but its history; never there: neither.
    expect((await get(dataset, '/v1/items/iron-helm')).status).toBe(404);
    expect((await get(dataset, '/v1/items/no-such-item/history')).status).toBe(404);
  });

  it('serves every record as each release served it, byte for byte, in every language, and 404 where it had none', async () => {
    const dir = shared;
    const current = (await readRelease(dir)).dataset;
    const ids = ['ember-blade', 'iron-helm', 'frost-ring', 'no-such-item'];
    for (const version of await listReleases(dir)) {
      const then = (await readRelease(dir, version)).dataset;
      for (const id of ids)
        for (const lang of ['en', 'de']) {
          const served = await get(then, `/v1/items/${id}?lang=${lang}`);
          const asked = await get(current, `/v1/items/${id}?lang=${lang}&at=${version}`);
          expect(asked.status, `${id} ${lang} at ${version}`).toBe(served.status);
          if (served.status !== 200) continue;
          expect(await asked.text(), `${id} ${lang} at ${version}`).toBe(await served.text());
          expect(asked.headers.get('content-language')).toBe(
            served.headers.get('content-language'),
          );
        }
    }
  });

  it("is verified end to end, the SQLite file's record_history row for row", async () => {
    for (const version of await listReleases(shared)) await verifyRelease(shared, version);
  });

  it('keeps only what a release changed when a rarity name changes: the records of that rarity, in that language', async () => {
    const dir = await makeTempDir('releases');
    const german = (rare: string) => ({
      ...first,
      'translations/de/manifest.json': { rarities: { '1': rare } },
    });
    const publish = async (files: Readonly<Record<string, unknown>>, n: number) =>
      publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: day(n) });
    await publish(german('selten'), 1);
    await publish(german('sehr selten'), 2);
    const { dataset } = await readRelease(dir);
    // The blade is rare: its German rarity name changed. The helm is common, and the ability shows none.
    expect(dataset.recordHistory!.list('items').stored).toEqual(['ember-blade']);
    expect(dataset.recordHistory!.list('abilities').stored).toEqual([]);
    const history = (await (
      await get(dataset, '/v1/items/ember-blade/history?lang=de')
    ).json()) as {
      data: Array<{ change: string; fields: unknown[] }>;
    };
    expect(history.data[0]).toMatchObject({
      change: 'changed',
      fields: [{ path: 'rarityName', from: 'selten', to: 'sehr selten' }],
    });
  });

  it('answers at= with a version it does not know, or not a version, with a 400 naming those it knows', async () => {
    const dir = shared;
    const { dataset } = await readRelease(dir);
    for (const at of ['2026-11-30.1', 'yesterday', '']) {
      const answer = await get(dataset, `/v1/items/ember-blade?at=${at}`);
      if (at === '') {
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(
        'known: 2026-12-01.1, 2026-12-02.1, 2026-12-03.1, 2026-12-04.1, 2026-12-05.1',
      );
    }
  });

  it('pages a history with limit and a cursor bound to the record and its language', async () => {
    const dir = shared;
    const { dataset } = await readRelease(dir);
    const page = async (path: string) =>
      (await (await get(dataset, path)).json()) as {
        data: Array<{ change: string }>;
        meta: { total: number; count: number; cursor?: string };
      };
    const one = await page('/v1/items/iron-helm/history?limit=2');
    expect(one.meta).toMatchObject({ total: 5, count: 2 });
    const two = await page(`/v1/items/iron-helm/history?limit=2&cursor=${one.meta.cursor}`);
    const three = await page(`/v1/items/iron-helm/history?limit=2&cursor=${two.meta.cursor}`);
    expect([...one.data, ...two.data, ...three.data].map((entry) => entry.change)).toEqual([
      'withdrawn',
      'restored',
      'removed',
      'changed',
      'added',
    ]);
    expect(three.meta.cursor).toBeUndefined();
    for (const path of [
      `/v1/items/ember-blade/history?cursor=${one.meta.cursor}`,
      `/v1/items/iron-helm/history?lang=de&cursor=${one.meta.cursor}`,
      '/v1/items/iron-helm/history?cursor=nonsense',
      '/v1/items/iron-helm/history?limit=0',
    ])
      expect((await get(dataset, path)).status, path).toBe(400);
  });

  it(
    'is what upgrade writes again from the releases alone, for files written before record histories',
    async () => {
      const dir = await published5();
      const versions = await listReleases(dir);
      const written = new Map<string, Uint8Array>();
      for (const version of versions) {
        const file = join(dir, version, RELEASE_FILES.snapshot);
        const bytes = new Uint8Array(await readFile(file));
        written.set(version, bytes);
        const older = withoutRecordHistory(bytes);
        await writeFile(file, older);
        const manifestFile = join(dir, version, RELEASE_FILES.manifest);
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ReleaseManifest;
        manifest.files[RELEASE_FILES.snapshot] = sha256(older);
        await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      }
      await expect(readRelease(dir)).rejects.toThrow('without record histories');
      expect((await upgradeReleases(dir)).map((step) => step.outcome)).toEqual(
        versions.map(() => 'upgraded'),
      );
      for (const version of versions)
        expect(
          Buffer.compare(
            await readFile(join(dir, version, RELEASE_FILES.snapshot)),
            written.get(version)!,
          ),
          version,
        ).toBe(0);
    },
    SLOW,
  );
});

/** A release file as the writer before record histories wrote it: the same, without their sections (the last). */
function withoutRecordHistory(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerEnd = SNAPSHOT_PREFIX_BYTES + view.getUint32(8, true);
  const header = JSON.parse(
    new TextDecoder().decode(bytes.subarray(SNAPSHOT_PREFIX_BYTES, headerEnd)),
  ) as { sections: SectionEntry[] };
  const history = header.sections.filter((entry) => entry.name.startsWith('record-history'));
  header.sections = header.sections.filter((entry) => !history.includes(entry));
  const text = JSON.stringify(header).replace(
    /[^\0-~]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const headerBytes = new TextEncoder().encode(text);
  const prefix = new Uint8Array(SNAPSHOT_PREFIX_BYTES);
  prefix.set(bytes.subarray(0, 8));
  const prefixView = new DataView(prefix.buffer);
  prefixView.setUint32(8, headerBytes.length, true);
  prefixView.setUint32(12, crc32(headerBytes), true);
  const rest = bytes.subarray(
    headerEnd,
    headerEnd + Math.min(...history.map((entry) => entry.offset)),
  );
  return Buffer.concat([prefix, headerBytes, rest]);
}
