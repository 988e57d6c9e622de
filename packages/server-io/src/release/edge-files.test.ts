import { createHash } from 'node:crypto';
import { COLLECTION_NAMES, createApp, type Dataset } from '@gamedata/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressBody } from '../compress.js';
import { edgeObjects, type EdgeObject } from './edge-files.js';
import { edgeBulkPath, edgeSpritePath } from './edge-paths.js';
import { publishDataset } from './publish.js';
import { readRelease } from './release-store.js';
import { germanTranslation, smallExport, writeExport } from './test-export.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

let dataset: Dataset;
let objects: EdgeObject[];
const byKey = (key: string) => objects.find((object) => object.key === key);

beforeAll(async () => {
  const releasesDir = await makeTempDir('releases');
  await publishDataset({
    exportDir: await writeExport({ ...smallExport(), ...germanTranslation() }),
    releasesDir,
    at: new Date('2026-12-01T08:00:00Z'),
    force: true,
  });
  ({ dataset } = await readRelease(releasesDir));
  objects = edgeObjects(dataset);
});

/** What the app answers, as a client asking with `acceptEncoding` sees it. */
async function served(path: string, acceptEncoding?: string) {
  const app = createApp({ dataset, compress: compressBody });
  const response = await app.fetch(
    new Request(`http://api.test${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    }),
    { clientIp: '203.0.113.7' },
  );
  return {
    status: response.status,
    headers: response.headers,
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

describe('edgeObjects', () => {
  it('holds every bulk file of every language in each coding under its versioned path, and every sprite under the contract path, below edge/', () => {
    const version = '2026-12-01.1';
    expect(dataset.meta.version).toBe(version);
    const codings = (folder: string, name: string) => [
      `edge/v1/files/${version}/${folder}/${name}.json`,
      `edge/v1/files/${version}/${folder}/${name}.json.gz`,
      `edge/v1/files/${version}/${folder}/${name}.json.br`,
    ];
    expect(objects.map((object) => object.key).sort()).toEqual(
      [
        ...COLLECTION_NAMES.flatMap((name) => [
          ...codings('bulk', name),
          ...codings('bulk/de', name),
        ]),
        'edge/v1/img/blade.png',
      ].sort(),
    );
    expect(edgeBulkPath(version, 'items', 'gzip')).toBe(`/v1/files/${version}/bulk/items.json.gz`);
    expect(edgeBulkPath(version, 'items', 'br', 'de')).toBe(
      `/v1/files/${version}/bulk/de/items.json.br`,
    );
    expect(edgeSpritePath('blade')).toBe('/v1/img/blade.png');
  });

  it.each([
    ['identity', undefined, ''],
    ['gzip', 'gzip', '.gz'],
    ['br', 'br', '.br'],
  ] as const)(
    'stores the %s bulk file of each language with the bytes, type, coding, language, lifetime and etag of the versioned URL the API lists',
    async (_, coding, suffix) => {
      const listed = (await served('/v1/bulk')).body;
      const entries = JSON.parse(new TextDecoder().decode(listed)).data as Array<{
        collection: string;
        language: string;
        url: string;
      }>;
      expect(entries.map((entry) => entry.language)).toEqual([
        ...COLLECTION_NAMES.map(() => 'en'),
        ...COLLECTION_NAMES.map(() => 'de'),
      ]);
      for (const { collection, language, url } of entries) {
        const folder = language === 'en' ? 'bulk' : `bulk/${language}`;
        const object = byKey(
          `edge/v1/files/${dataset.meta.version}/${folder}/${collection}.json${suffix}`,
        );
        const answer = await served(url, coding);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-encoding') ?? undefined, url).toBe(coding);
        expect(object).toMatchObject({
          contentType: answer.headers.get('content-type'),
          contentLanguage: answer.headers.get('content-language'),
          cacheControl: answer.headers.get('cache-control'),
          etag: answer.headers.get('etag'),
          ...(coding ? { contentEncoding: coding } : {}),
        });
        expect(object?.contentLanguage).toBe(language);
        expect(object?.contentEncoding).toBe(coding);
        expect(Buffer.from(object?.body ?? []).equals(Buffer.from(answer.body)), url).toBe(true);
      }
    },
  );

  it('stores each sprite with the bytes, type, lifetime and etag of /v1/img, and no coding', async () => {
    const object = byKey('edge/v1/img/blade.png');
    const answer = await served('/v1/img/blade.png', 'gzip, br');
    expect(answer.status).toBe(200);
    expect(object).toMatchObject({
      contentType: 'image/png',
      cacheControl: answer.headers.get('cache-control'),
      etag: answer.headers.get('etag'),
    });
    expect([object?.contentEncoding, object?.contentLanguage]).toEqual([undefined, undefined]);
    expect(Buffer.from(object?.body ?? []).equals(Buffer.from(answer.body))).toBe(true);
  });

  it('gives each object the base64 SHA-256 of its stored bytes, which S3 checks the upload against', () => {
    for (const object of objects)
      expect(object.checksumSha256, object.key).toBe(
        createHash('sha256').update(object.body).digest('base64'),
      );
  });

  it('puts only the default language at the edge for a release published before bulk files per language', () => {
    const { translatedBulk: _, ...before } = dataset;
    expect(edgeObjects(before).filter((object) => object.key.includes('/bulk/de/'))).toEqual([]);
    expect(edgeObjects(before)).toHaveLength(COLLECTION_NAMES.length * 3 + 1);
  });

  it('refuses a dataset without bulk files, naming the release', () => {
    const { bulk: _, ...unpublished } = dataset;
    expect(() => edgeObjects(unpublished)).toThrow(
      `release ${dataset.meta.version} has no bulk files`,
    );
  });
});
