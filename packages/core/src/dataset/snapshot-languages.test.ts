import { COLLECTIONS } from '../collections/collections.js';
import { describe, expect, it } from 'vitest';
import { LIST_NAMES } from '../collections/list-names.js';
import { createApp } from '../http/app.js';
import { localizeCollection } from '../language/localized-collection.js';
import { localizeStats, releaseLanguages } from '../language/release-languages.js';
import {
  asFormat4,
  decodeFromHead,
  snapshotHeader,
  translatedSnapshot,
  withSectionReplaced,
} from '../testing/snapshot-reads.js';
import { collectionOf } from './dataset.js';
import { decodeSnapshot, rewriteSnapshot } from '../release/snapshot.js';

const { loaded, written, codec } = translatedSnapshot();
const whole = decodeSnapshot(written, undefined, codec);
const wholeLanguages = releaseLanguages(whole);
const tags = Object.keys(loaded.translations);

/** The length of a language's translations as a header gives it. */
function translationsLength(header: unknown, tag: string): number | undefined {
  const { translations } = header as { translations: Array<[string, number]> };
  return translations.find(([name]) => name === tag)?.[1];
}

describe("a snapshot's lists in each language", () => {
  it.each(tags.flatMap((tag) => LIST_NAMES.map((list) => [tag, list] as const)))(
    '%s %s: read as translating them does — records, their JSON, fallbacks, names and searches',
    (tag, list) => {
      expect(tags.length).toBeGreaterThan(0);
      // Read as the release keeps it, not translated again: the list is stored.
      expect(whole.localized!(tag, list)!.fellBack).toBeDefined();
      const { collection: stored, fellBack } = wholeLanguages.list(tag, list);
      const translated = localizeCollection(
        list,
        COLLECTIONS[list].translatable,
        collectionOf(loaded, list),
        loaded.translations[tag]!,
      );
      expect(stored.size).toBe(translated.size);
      for (let i = 0; i < stored.size; i++) {
        expect(stored.at(i)).toEqual(translated.at(i));
        expect(new TextDecoder().decode(stored.json!(i))).toBe(JSON.stringify(translated.at(i)));
        expect([i, fellBack(i)]).toEqual([i, translated.fellBack(i)]);
      }
      expect(stored.searchNames).toEqual(translated.searchNames);
      const fragments = translated.searchNames.flatMap((name) => [name.slice(0, 3), name.slice(2)]);
      for (const text of fragments)
        expect(stored.nameIndex.containing(text)).toEqual(translated.nameIndex.containing(text));
      expect(stored.ids).toBe(collectionOf(whole, list).ids);
    },
  );

  it("serves a language's lists, stats and searches without reading its translations", async () => {
    const { dataset, reads, head } = decodeFromHead(written, codec);
    const languages = releaseLanguages(dataset);
    const app = createApp({ dataset });
    for (const tag of tags) {
      expect(languages.stats(tag)).toEqual(localizeStats(loaded.stats, loaded.translations[tag]!));
      for (const path of [`/v1/stats?lang=${tag}`, `/v1/search?q=a&lang=${tag}`])
        expect((await app.fetch(new Request(`http://api.test${path}`))).status).toBe(200);
      for (const list of LIST_NAMES) {
        const { collection, fellBack } = languages.list(tag, list);
        for (let i = 0; i < collection.size; i++)
          expect(collection.at(i)).toEqual(whole.localized!(tag, list)!.records.at(i));
        expect(collection.ids.flatMap((_, i) => (fellBack(i) ? [i] : []))).toEqual(
          whole.localized!(tag, list)!.fellBack,
        );
      }
    }
    const before = reads.length;
    expect(dataset.translations[tags[0]!]).toEqual(loaded.translations[tags[0]!]);
    // The translations' own section is read only now.
    expect(reads.slice(before)).toEqual([
      [expect.any(Number), translationsLength(head.header, tags[0]!)],
    ]);
  });

  /**
   * Each path's answer from both apps: status, headers but the request's own id and the seconds left
   * in the rate-limit window (a second may turn between the two requests), and body.
   */
  async function expectSameAnswers(paths: readonly string[]) {
    const apps = [createApp({ dataset: loaded }), createApp({ dataset: whole })];
    for (const path of paths) {
      const [a, b] = (await Promise.all(
        apps.map((app) =>
          app.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.7' }),
        ),
      )) as [Response, Response];
      const headers = (answer: Response) =>
        [...answer.headers].filter(
          ([name]) => !['x-request-id', 'ratelimit', 'ratelimit-reset'].includes(name),
        );
      expect([path, b.status, ...headers(b)]).toEqual([path, a.status, ...headers(a)]);
      expect(await b.text()).toBe(await a.text());
    }
  }

  it('answers every list, the stats and searches in every language byte for byte, etag for etag, as translating the records does', async () => {
    await expectSameAnswers(
      tags.flatMap((tag) =>
        LIST_NAMES.flatMap((list) =>
          ['', '&limit=2', '&sort=-name', '&q=a', '&fields=name'].map(
            (query) => `/v1/${list}?lang=${tag}${query}`,
          ),
        ).concat([`/v1/stats?lang=${tag}`, `/v1/search?q=a&limit=50&lang=${tag}`]),
      ),
    );
  });

  it('answers pages of some fields, trimmed from the JSON kept, as those written from the records', async () => {
    await expectSameAnswers(
      LIST_NAMES.flatMap((list) =>
        ['fields=name', 'fields=description,rarity', 'fields=stats,roll&limit=3&sort=name'].map(
          (query) => `/v1/${list}?${query}`,
        ),
      ),
    );
  });

  it('translates records as they are read when decoded without a codec, as before', () => {
    const decoded = decodeSnapshot(written);
    expect(decoded.localized).toBeUndefined();
    for (const tag of tags)
      expect(releaseLanguages(decoded).list(tag, 'items').collection.records).toEqual(
        wholeLanguages.list(tag, 'items').collection.records,
      );
  });

  it('refuses a file of the previous format without lists per language, naming upgrade; rewritten, it keeps them', () => {
    const older = asFormat4(written, (header) => delete header.languageLists);
    expect(() => decodeSnapshot(older, undefined, codec)).toThrow(
      'written by an earlier version (without lists per language)',
    );
    const decoded = decodeSnapshot(rewriteSnapshot(older, codec), undefined, codec);
    expect(decoded.localized).toBeDefined();
    const items = releaseLanguages(decoded).list(tags[0]!, 'items').collection;
    expect(items.records).toEqual(wholeLanguages.list(tags[0]!, 'items').collection.records);
  });

  it("refuses a language's lists kept without their stats, as an earlier writer kept them, when first read", () => {
    const tag = tags[0]!;
    const { header } = snapshotHeader(written);
    const entry = header.sections.find((section) => section.name === `language-index/${tag}`)!;
    const index = JSON.parse(
      new TextDecoder().decode(
        written.subarray(
          snapshotHeader(written).end + entry.offset,
          snapshotHeader(written).end + entry.offset + entry.length,
        ),
      ),
    );
    expect(index.stats).toEqual(localizeStats(loaded.stats, loaded.translations[tag]!));
    delete index.stats;
    const bytes = new TextEncoder().encode(JSON.stringify(index));
    const spliced = withSectionReplaced(written, `language-index/${tag}`, bytes, (header) => {
      (header.languageLists as Array<[string, number, number]>)[0]![1] = bytes.length;
    });
    const decoded = decodeSnapshot(spliced, undefined, codec);
    expect(() => decoded.localizedStats!(tag)).toThrow(
      `written by an earlier version (the lists in ${tag} without their stats)`,
    );
  });
});
