import { emptyBits, orInto, type Bitset } from '../bitset.js';
import type { SearchIndex } from './search-index.js';

/** Past this many words, the names a prefix's words are in are kept once worked out. */
const WIDE_PREFIX = 16;
/** The most wide prefixes kept: the short ones a player types first, a few hundred of them. */
const WIDE_PREFIXES_KEPT = 512;

/**
 * The set of names with any of a run of words, in a search's terms: `names(start, end, into)` adds
 * those of the words `[start, end)` (a typed word's prefix range) to `into`, `add(word, into)` those
 * of one word. A word in many
 * names (`of`, `the`) keeps its set, so adding it is one pass over a set's words rather than a bit
 * per name; a prefix of many words (`a`) keeps its union, made on first use.
 */
export interface NameSets {
  names(start: number, end: number, into: Bitset): void;
  add(word: number, into: Bitset): void;
}

/**
 * Name sets for `index`, the dense ones made as first needed and kept, `count` told what each holds
 * (the wide prefixes' unions are a memo bounded by `WIDE_PREFIXES_KEPT`).
 */
export function nameSets(index: SearchIndex, count?: (bytes: number) => void): NameSets {
  const size = index.names.length;
  const { values, starts } = index.wordNames;
  // A set costs size / 32 words to OR, a list a bit per name: past that many names, the set is cheaper.
  const dense = size >>> 5;
  const denseSets: (Bitset | undefined)[] = [];
  const widePrefixes = new Map<number, Bitset>();
  const add = (word: number, into: Bitset) => {
    const from = starts[word] as number;
    const to = starts[word + 1] as number;
    if (to - from > dense) {
      let set = denseSets[word];
      if (set === undefined) {
        set = denseSets[word] = scatter(values, from, to, emptyBits(size));
        count?.(set.byteLength);
      }
      orInto(into, set);
    } else scatter(values, from, to, into);
  };
  const union = (start: number, end: number, into: Bitset) => {
    for (let word = start; word < end; word++) add(word, into);
    return into;
  };
  return {
    add,
    names(start, end, into) {
      if (end - start <= WIDE_PREFIX) {
        union(start, end, into);
        return;
      }
      const key = start * index.words.length + end;
      let set = widePrefixes.get(key);
      if (set === undefined) {
        if (widePrefixes.size >= WIDE_PREFIXES_KEPT) widePrefixes.clear();
        widePrefixes.set(key, (set = union(start, end, emptyBits(size))));
      }
      orInto(into, set);
    },
  };
}

/** Sets the bits of the names `values[from..to)` in `into`. */
function scatter(values: Int32Array, from: number, to: number, into: Bitset): Bitset {
  for (let at = from; at < to; at++) {
    const name = values[at] as number;
    into[name >>> 5] = (into[name >>> 5] as number) | (1 << (name & 31));
  }
  return into;
}
