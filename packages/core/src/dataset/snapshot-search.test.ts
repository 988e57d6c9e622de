import { REGISTRY } from '../collections/collections.js';
import { describe, expect, it } from 'vitest';
import { LIST_NAMES } from '../collections/list-names.js';
import { createApp } from '../http/app.js';
import { releaseLanguages } from '../language/release-languages.js';
import { searchHitTexts } from '../search/language-search.js';
import {
  asFormat4,
  decodeFromHead,
  snapshotHeader,
  translatedSnapshot,
  withHeader,
  withSection,
} from '../testing/snapshot-reads.js';
import type { Dataset } from './dataset.js';
import { decodeSnapshot, rewriteSnapshot } from '../release/snapshot.js';

const { loaded, written, codec } = translatedSnapshot();
const languages = releaseLanguages(loaded);
const searches = languages.tags.map((tag) => `/v1/search?q=a&limit=50&lang=${tag}`);

/** Each search's status and body from an app serving `dataset`. */
async function answers(dataset: Dataset): Promise<string[]> {
  const app = createApp({ dataset });
  return Promise.all(
    searches.map(async (path) => {
      const answer = await app.fetch(new Request(`http://api.test${path}`));
      return `${answer.status} ${await answer.text()}`;
    }),
  );
}

/** Where each language's search texts lie in `written`: its starts' section and its texts'. */
function textSections(): Map<string, Array<[number, number]>> {
  const { header, end } = snapshotHeader(written);
  const at = (name: string): [number, number] => {
    const { offset, length } = header.sections.find((entry) => entry.name === name)!;
    return [end + offset, length];
  };
  return new Map(
    languages.tags.map((tag) => [tag, [at(`search-starts/${tag}`), at(`search-texts/${tag}`)]]),
  );
}

describe("a snapshot's search texts", () => {
  it.each(languages.tags)('%s: as searching the records writes them', (tag) => {
    const kept = decodeSnapshot(written, undefined, codec).searchTexts!(tag)!;
    const made = searchHitTexts({
      lists: REGISTRY.lists,
      list: (list) => languages.list(tag, list),
      stats: () => languages.stats(tag),
    });
    expect(new TextDecoder().decode(kept.bytes)).toBe(new TextDecoder().decode(made.bytes));
    expect([...kept.starts]).toEqual([...made.starts]);
    // Each entry is its record's id, name and icon: the lists' records in order, then the stats by key.
    const decoder = new TextDecoder();
    const text = (n: number) =>
      decoder.decode(kept.bytes.subarray(kept.starts[n], kept.starts[n + 1]));
    const hits = Array.from({ length: kept.starts.length >> 1 }, (_, n) =>
      JSON.parse(`{${text(2 * n)}${text(2 * n + 1)}}`),
    );
    const stats = [...languages.stats(tag).stats].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(hits).toEqual([
      ...LIST_NAMES.flatMap((list) =>
        languages
          .list(tag, list)
          .collection.records.map(
            ({ id, name, icon }: { id: string; name: string; icon?: string }) => ({
              id,
              name,
              ...(icon === undefined ? {} : { icon }),
            }),
          ),
      ),
      ...stats.map(({ key, name }) => ({ id: key, name })),
    ]);
    expect(hits.some((hit) => hit.icon !== undefined)).toBe(true);
  });

  it("makes a language's first search read its texts, and no record", async () => {
    const { dataset, reads } = decodeFromHead(written, codec);
    const sections = textSections();
    const app = createApp({ dataset });
    for (const [at, tag] of languages.tags.entries()) {
      // What a search reads besides the texts, read first by a page: the language's lists, and the
      // records its etags' fingerprint hashes, in a snapshot without bulk files (`questionEtags`).
      await app.fetch(new Request(`http://api.test/v1/items?limit=1&sort=name&lang=${tag}`));
      const before = reads.length;
      const answer = await app.fetch(new Request(`http://api.test${searches[at]}`));
      expect(answer.status).toBe(200);
      expect(reads.slice(before)).toEqual(sections.get(tag));
    }
  });

  it('refuses a file of the previous format without texts, naming upgrade; rewritten, it answers searches as one published with them', async () => {
    const older = asFormat4(written, (header) => delete header.searchTexts);
    expect(() => decodeSnapshot(older, undefined, codec)).toThrow(
      'written by an earlier version (without search texts)',
    );
    const expected = await answers(loaded);
    expect(await answers(decodeSnapshot(rewriteSnapshot(older, codec), undefined, codec))).toEqual(
      expected,
    );
    expect(await answers(decodeSnapshot(written, undefined, codec))).toEqual(expected);
    expect(expected.every((answer) => answer.startsWith('200 {"data":[{'))).toBe(true);
  });

  it('refuses a snapshot whose texts are not one for each record', () => {
    // Four bytes more of starts in the first language: one start too many.
    const broken = withHeader(written, (header) => {
      (header.searchTexts as Array<[string, number, number]>)[0]![1] += 4;
    });
    expect(() => decodeSnapshot(broken, undefined, codec)).toThrow(
      `dataset snapshot is corrupt: the search texts in ${loaded.language} disagree`,
    );
  });

  it('refuses texts whose starts disagree with the records', () => {
    // Written so, its checksum and all: the texts are checked against the records when read.
    const broken = withSection(written, `search-starts/${loaded.language}`, (bytes) =>
      new DataView(bytes.buffer, bytes.byteOffset).setInt32(4, -1, true),
    );
    const dataset = decodeSnapshot(broken, undefined, codec);
    expect(() => dataset.searchTexts!(loaded.language)).toThrow(
      `dataset snapshot is corrupt: the search texts in ${loaded.language} disagree`,
    );
  });
});
