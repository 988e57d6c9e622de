import type { DatasetLists, HitTexts } from './dataset.js';
import type { Section } from './record-blocks.js';

/** Each language's search texts as a snapshot's header names them: the tag, and the lengths of its starts and of its texts. */
export type SearchTextsHeader = Array<[tag: string, startsLength: number, textsLength: number]>;

/** One language's search texts as publishing worked them out (`publishedSearchTexts`). */
export interface PublishedSearchTexts {
  tag: string;
  texts: HitTexts;
}

/**
 * Every language's hit texts as a release file stores them: per language (the default first, then
 * each translated one), where each text starts, as 32-bit little-endian integers, then the texts. A
 * server's first search in a language then reads them as they are, instead of reading every record
 * (README, "Search").
 */
export function encodeSearchTexts(languages: readonly PublishedSearchTexts[]): {
  header: SearchTextsHeader;
  sections: Array<{ tag: string; starts: Uint8Array; texts: Uint8Array }>;
} {
  const header: SearchTextsHeader = [];
  const sections = languages.map(({ tag, texts }) => {
    const { bytes, starts } = texts;
    const startBytes = new Uint8Array(starts.length * 4);
    const view = new DataView(startBytes.buffer);
    starts.forEach((start, at) => view.setInt32(at * 4, start, true));
    header.push([tag, startBytes.length, bytes.length]);
    return { tag, starts: startBytes, texts: bytes };
  });
  return { header, sections };
}

/**
 * The search texts in each language of `header`, each found with `sectionsOf`: a language's are read
 * when its first search asks for them.
 */
export function decodeSearchTexts(
  header: SearchTextsHeader,
  sectionsOf: (
    tag: string,
    startsLength: number,
    textsLength: number,
  ) => { starts: Section; texts: Section },
  lists: DatasetLists,
  statCount: number,
): (tag: string) => HitTexts | undefined {
  const entries = Object.values(lists).reduce((sum, list) => sum + list.size, statCount);
  const languages = new Map<string, () => HitTexts>();
  for (const [tag, startsLength, textsLength] of header) {
    if (startsLength !== 4 * (2 * entries + 1))
      throw new Error(`dataset snapshot is corrupt: the search texts in ${tag} disagree`);
    const { starts: startsSection, texts: textsSection } = sectionsOf(
      tag,
      startsLength,
      textsLength,
    );
    let read: HitTexts | undefined;
    languages.set(tag, () => {
      if (read) return read;
      const startBytes = startsSection(false);
      const view = new DataView(startBytes.buffer, startBytes.byteOffset, startBytes.byteLength);
      const starts = new Int32Array(startBytes.length >> 2);
      for (let at = 0; at < starts.length; at++) starts[at] = view.getInt32(at * 4, true);
      const bytes = textsSection();
      const ordered = starts.every((start, at) => at === 0 || start >= (starts[at - 1] as number));
      if (starts[0] !== 0 || starts[starts.length - 1] !== bytes.length || !ordered)
        throw new Error(`dataset snapshot is corrupt: the search texts in ${tag} disagree`);
      read = { bytes, starts };
      return read;
    });
  }
  return (tag) => languages.get(tag)?.();
}
