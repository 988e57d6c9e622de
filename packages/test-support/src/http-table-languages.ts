import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { collectionNames } from '@gamedata/core';
import { demo, DEMO_EXPORT_DIR, DEMO_RELEASES_DIR, readExport } from './demo.js';
import type { HttpCase } from './http-case.js';
import type { Reply } from './send.js';

/** What the demo's translations give one record, as its export writes them. */
type Translated = Record<string, unknown>;

/** A file of the demo's translations, by language and collection: the expectations come from the export, not from the server's code. */
async function translations(language: string, file: string): Promise<Record<string, Translated>> {
  try {
    return JSON.parse(
      await readFile(join(DEMO_EXPORT_DIR, 'translations', language, file), 'utf8'),
    ) as Record<string, Translated>;
  } catch {
    return {};
  }
}

type RawItem = { id: string; name: string; rarity: number };
type RawStat = { key: string; name: string; short?: string; unit?: string; description?: string };
type RawRelic = { id: string; name: string; label?: string; unit?: string };
const rawItems = (await readExport<RawItem>('items.json')).sort((a, b) => (a.id < b.id ? -1 : 1));
const rawStats = await readExport<RawStat>('stats.json');
const rawRelics = await readExport<RawRelic>('relics.json');
const germanItems = await translations('de', 'items.json');
const frenchItems = await translations('fr', 'items.json');
const spanishStats = await translations('es', 'stats.json');
const spanishRelics = await translations('es', 'relics.json');
const spanishRarities =
  ((await translations('es', 'manifest.json')) as { rarities?: Record<string, string> }).rarities ??
  {};

const NEGOTIATED_VARY = 'accept-encoding, authorization, accept-language';
const FIXED_VARY = 'accept-encoding, authorization';

/** The language headers of a reply: what it is in, what fell back, and what it varies on. */
function expectLanguage(contentLanguage: string, fallback: string | null, vary: string) {
  return (reply: Reply) => {
    expect([
      reply.headers.get('content-language'),
      reply.headers.get('x-language-fallback'),
      reply.headers.get('vary'),
    ]).toEqual([contentLanguage, fallback, vary]);
    expect((reply.headers.get('access-control-expose-headers') ?? '').split(', ')).toContain(
      'x-language-fallback',
    );
  };
}

const sample = rawItems.find((item) => item.rarity === 4) ?? (rawItems[0] as RawItem);
/** A relic Spanish translates in part: its label, not its name. */
const partlySpanish = rawRelics.find(
  (relic) => spanishRelics[relic.id]?.label !== undefined && relic.label !== undefined,
) as RawRelic;
/** The stats Spanish leaves some text of in English (their descriptions), by position in key order. */
const statsInOrder = [...rawStats].sort((a, b) => (a.key < b.key ? -1 : 1));
const spanishFallback = statsInOrder.flatMap((stat, position) =>
  (['name', 'short', 'unit', 'description'] as const).some(
    (field) => stat[field] !== undefined && spanishStats[stat.key]?.[field] === undefined,
  )
    ? [position]
    : [],
);
/** Runs of positions, as x-language-fallback writes them. */
const runs = (positions: number[]) =>
  positions
    .reduce<number[][]>((all, position) => {
      const last = all[all.length - 1];
      if (last && last[last.length - 1] === position - 1) last.push(position);
      else all.push([position]);
      return all;
    }, [])
    .map((run) => (run.length === 1 ? String(run[0]) : `${run[0]}-${run[run.length - 1]}`))
    .join(',');
/** A fragment of a German item name that its English name does not have. */
const germanName = (germanItems[sample.id]?.name as string).toLowerCase();
const germanFragment = germanName.slice(0, Math.min(6, germanName.length));
// A German word with ß in a name, typed with ss: the items whose German name has it, either way.
const sharpS = (() => {
  const word = Object.values(germanItems)
    .flatMap(({ name }) => String(name ?? '').split(' '))
    .find((part) => part.includes('ß'))!;
  const typed = word.toLowerCase().replaceAll('ß', 'ss');
  const fold = (text: string) => text.toLowerCase().replaceAll('ß', 'ss');
  const ids = Object.entries(germanItems)
    .filter(([, { name }]) => fold(String(name ?? '')).includes(typed))
    .map(([id]) => id)
    .sort();
  return { typed, ids };
})();
const foundByEither = rawItems
  .filter(
    (item) =>
      item.name.toLowerCase().includes(germanFragment) ||
      String(germanItems[item.id]?.name ?? '')
        .toLowerCase()
        .includes(germanFragment),
  )
  .map((item) => item.id);

/** The demo's translated languages, as its export names their directories. */
const translatedLanguages = (
  await readdir(join(DEMO_EXPORT_DIR, 'translations'), { withFileTypes: true })
)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const COLLECTIONS = collectionNames(demo.registry);
const rawCounts: Record<string, number> = Object.fromEntries(
  await Promise.all(
    COLLECTIONS.map(async (name) => [name, (await readExport(`${name}.json`)).length] as const),
  ),
);
const germanRarities =
  ((await translations('de', 'manifest.json')) as { rarities?: Record<string, string> }).rarities ??
  {};
type FileSums = Record<string, { count: number; bytes: number; sha256: string }>;
/** The current demo release's manifest: what it recorded of each bulk file when it was published. */
const releaseManifest = JSON.parse(
  await readFile(join(DEMO_RELEASES_DIR, demo.meta.version, 'manifest.json'), 'utf8'),
) as {
  bulk: FileSums;
  translatedBulk?: Record<string, FileSums>;
};

/**
 * Whether a served record has the text a translation gives it: each translated field as written,
 * each translated array element's text or fields, and nothing where it is null.
 */
function expectTranslated(
  served: Record<string, unknown>,
  translated: Translated | undefined,
): void {
  // Aliases are search data (dataset/README.md, "Records"): never a field of what is served.
  expect(served, String(served.id)).not.toHaveProperty('aliases');
  for (const [field, value] of Object.entries(translated ?? {})) {
    if (field === 'aliases') continue;
    if (!Array.isArray(value)) {
      expect(served[field], `${String(served.id)} › ${field}`).toBe(value);
      continue;
    }
    value.forEach((element: unknown, index) => {
      const actual = (served[field] as unknown[])[index];
      if (element === null) return;
      if (typeof element === 'string')
        expect(actual, `${String(served.id)} › ${field}[${index}]`).toBe(element);
      else
        expect(actual, `${String(served.id)} › ${field}[${index}]`).toMatchObject(
          element as object,
        );
    });
  }
}

/** `lang`, Accept-Language and what falls back, on the demo's four languages (English, and German, French and partial Spanish). */
export function languageCases(): HttpCase[] {
  return [
    {
      name: 'lang: a record in German, ids and numbers unchanged',
      request: { path: `/v1/items/${sample.id}?lang=de` },
      status: 200,
      check: (r) => {
        expectLanguage('de', null, FIXED_VARY)(r);
        const { data } = r.json<{ data: Record<string, unknown> }>();
        expect([data.id, data.name, data.description, data.rarity]).toEqual([
          sample.id,
          germanItems[sample.id]?.name,
          germanItems[sample.id]?.description,
          4,
        ]);
      },
    },
    {
      name: 'Accept-Language: fr-CH, fr;q=0.9 is French, and the answer varies on it',
      request: {
        path: `/v1/items/${sample.id}`,
        headers: { 'accept-language': 'fr-CH, fr;q=0.9' },
      },
      status: 200,
      check: (r) => {
        expectLanguage('fr', null, NEGOTIATED_VARY)(r);
        expect(r.json<{ data: { name: string } }>().data.name).toBe(frenchItems[sample.id]?.name);
      },
    },
    {
      name: 'Accept-Language naming no language of the dataset gets the default',
      request: { path: `/v1/items/${sample.id}`, headers: { 'accept-language': 'ja, zh;q=0.8' } },
      status: 200,
      check: (r) => {
        expectLanguage('en', null, NEGOTIATED_VARY)(r);
        expect(r.json<{ data: { name: string } }>().data.name).toBe(sample.name);
      },
    },
    {
      name: 'lang=xx is 400, listing the languages',
      request: { path: '/v1/items?lang=xx' },
      status: 400,
      check: (r) =>
        expect(r.json()).toEqual({
          error: {
            code: 'bad_request',
            message: 'lang "xx" is not available; this dataset is in en (default), de, es, fr',
          },
        }),
    },
    {
      name: 'lang=es: untranslated items come in English, and the answer says which',
      request: { path: '/v1/items?lang=es&limit=5' },
      status: 200,
      check: (r) => {
        expectLanguage('es, en', '0-4', FIXED_VARY)(r);
        const { data } = r.json<{
          data: Array<{ name: string; rarity: number; rarityName: string }>;
        }>();
        expect(data.map((item) => [item.name, item.rarityName])).toEqual(
          rawItems.slice(0, 5).map((item) => [item.name, spanishRarities[String(item.rarity)]]),
        );
      },
    },
    {
      name: 'lang=es: a relic translated in part',
      request: { path: `/v1/relics/${partlySpanish.id}?lang=es` },
      status: 200,
      check: (r) => {
        expectLanguage('es, en', '0', FIXED_VARY)(r);
        const { data } = r.json<{ data: { name: string; label: string } }>();
        expect([data.name, data.label]).toEqual([
          partlySpanish.name,
          spanishRelics[partlySpanish.id]?.label,
        ]);
      },
    },
    {
      name: 'lang=es: the stat vocabulary, descriptions in English',
      request: { path: '/v1/stats?lang=es' },
      status: 200,
      check: (r) => {
        expectLanguage('es, en', runs(spanishFallback), FIXED_VARY)(r);
        const { data } = r.json<{ data: Array<{ key: string; name: string }> }>();
        expect(data.map((stat) => [stat.key, stat.name])).toEqual(
          statsInOrder.map((stat) => [stat.key, spanishStats[stat.key]?.name ?? stat.name]),
        );
      },
    },
    {
      name: 'lang=de: q finds items by their German name, and by their English one',
      request: { path: `/v1/items?lang=de&limit=200&q=${encodeURIComponent(germanFragment)}` },
      status: 200,
      check: (r) => {
        expect(r.json<{ data: Array<{ id: string }> }>().data.map((item) => item.id)).toEqual(
          foundByEither.slice(0, 200),
        );
        expect(foundByEither).toContain(sample.id);
      },
    },
    {
      name: 'lang=de: q compares case-folded, so ss finds a German name written with ß',
      request: { path: `/v1/items?lang=de&limit=200&q=${encodeURIComponent(sharpS.typed)}` },
      status: 200,
      check: (r) => {
        expect(r.json<{ data: Array<{ id: string }> }>().data.map((item) => item.id)).toEqual(
          sharpS.ids,
        );
      },
    },
    {
      name: 'lang=de: a page revalidates in its language',
      request: { path: '/v1/items?limit=3&lang=de' },
      revalidate: true,
      status: 304,
      check: expectLanguage('de', null, FIXED_VARY),
    },
    {
      name: 'languages: every language, the default first, with its coverage',
      request: { path: '/v1/languages' },
      status: 200,
      check: (r) => {
        const { data } = r.json<{
          data: Array<{
            tag: string;
            default: boolean;
            nativeName: string;
            coverage: Record<string, { fraction: number }>;
          }>;
        }>();
        expect(
          data.map((language) => [language.tag, language.default, language.nativeName]),
        ).toEqual([
          ['en', true, 'English'],
          ['de', false, 'Deutsch'],
          ['es', false, 'español'],
          ['fr', false, 'français'],
        ]);
        expect(
          data.map((language) => [
            language.coverage.items?.fraction,
            language.coverage.relics?.fraction === 1,
          ]),
        ).toEqual([
          [1, true],
          [1, true],
          [0, false],
          [1, true],
        ]);
      },
    },
    {
      name: "bulk: /v1/bulk lists each language's files after the default language's, with their language, the manifest's sums and a URL naming the language",
      request: { path: '/v1/bulk' },
      status: 200,
      check: (r) => {
        const { data } = r.json<{
          data: Array<{
            collection: string;
            language: string;
            version: string;
            count: number;
            bytes: number;
            sha256: string;
            url: string;
          }>;
        }>();
        const { version } = demo.meta;
        expect(
          data.map(({ collection, language, version: v, count, url }) => [
            collection,
            language,
            v,
            count,
            url,
          ]),
        ).toEqual(
          ['en', ...translatedLanguages].flatMap((language) =>
            COLLECTIONS.map((name) => [
              name,
              language,
              version,
              rawCounts[name],
              `/v1/bulk/${name}.json?version=${version}${language === 'en' ? '' : `&lang=${language}`}`,
            ]),
          ),
        );
        // Each file's sums are those its release recorded when it was published.
        for (const { collection, language, count, bytes, sha256 } of data) {
          const recorded =
            language === 'en'
              ? releaseManifest.bulk[collection]
              : releaseManifest.translatedBulk?.[language]?.[collection];
          expect({ count, bytes, sha256 }, `${language} ${collection}`).toEqual(recorded);
        }
      },
    },
    {
      name: 'bulk: /v1/bulk/items.json?lang=de is every item in German, its SHA-256 the one listed, and does not vary on Accept-Language',
      request: { path: '/v1/bulk/items.json?lang=de', headers: { 'accept-language': 'fr' } },
      status: 200,
      check: (r) => {
        expectLanguage('de', null, FIXED_VARY)(r);
        const sha256 = createHash('sha256').update(r.bytes).digest('hex');
        const listed = releaseManifest.translatedBulk?.de?.items?.sha256;
        expect([r.headers.get('etag'), sha256]).toEqual([`"${listed}"`, listed]);
        expect(r.headers.get('cache-control')).toBe('public, max-age=300');
        const items = r.json<Array<Record<string, unknown> & { id: string; rarity: number }>>();
        expect(items.map((item) => item.id)).toEqual(rawItems.map((item) => item.id));
        for (const item of items) {
          expectTranslated(item, germanItems[item.id]);
          expect(item.rarityName, item.id).toBe(germanRarities[String(item.rarity)]);
        }
        expect(items.find((item) => item.id === sample.id)?.name).toBe(
          germanItems[sample.id]?.name,
        );
      },
    },
    {
      name: 'bulk: a file in a language the dataset lacks is the 400 listing its languages',
      request: { path: '/v1/bulk/items.json?lang=pt' },
      status: 400,
      check: (r) =>
        expect(r.json()).toEqual({
          error: {
            code: 'bad_request',
            message: 'lang "pt" is not available; this dataset is in en (default), de, es, fr',
          },
        }),
    },
    {
      name: 'without lang or Accept-Language, a record is in the default language and says so',
      request: { path: `/v1/items/${sample.id}` },
      status: 200,
      check: (r) => {
        expectLanguage('en', null, NEGOTIATED_VARY)(r);
        expect(r.json<{ data: { name: string } }>().data.name).toBe(sample.name);
      },
    },
  ];
}
