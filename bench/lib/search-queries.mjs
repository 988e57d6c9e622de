// Searches players type on the 100,000-item release, for `/v1/search`: starts of real names, names
// with one typo, two of a name's words in either order, a name's initials, a record's alias, half in
// German; every one new to the server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bulkRecords, collectionNames, languageAliases } from '@gamedata/core';
import { nameInitials } from './name-initials.mjs';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Each language's names, every collection's (the same name once). */
function namesOf(dataset, tag) {
  const records = bulkRecords(dataset);
  return [
    ...new Set(
      collectionNames(dataset.registry).flatMap((name) => records(tag, name).map((r) => r.name)),
    ),
  ];
}

/** Each language's aliases typed in lower case, each with the name of the record it belongs to. */
function aliasesOf(dataset, tag) {
  const records = bulkRecords(dataset);
  return collectionNames(dataset.registry).flatMap((collection) => {
    const byId = languageAliases(dataset.aliases, tag, dataset.language, collection);
    return records(tag, collection).flatMap((record) =>
      (byId[record.id ?? record.key] ?? []).map((alias) => [alias.toLowerCase(), record.name]),
    );
  });
}

/** The name with one typo inside a word: a letter dropped, two swapped, or one changed. */
function typo(name, random) {
  const inWord = [...name].flatMap((letter, at) =>
    /\p{L}/u.test(letter) && /\p{L}/u.test(name[at + 1] ?? '') ? [at] : [],
  );
  if (inWord.length === 0) return name;
  const at = inWord[Math.floor(random() * inWord.length)];
  const kind = Math.floor(random() * 3);
  if (kind === 0) return name.slice(0, at) + name.slice(at + 1);
  if (kind === 1) return name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
  const other = LETTERS[Math.floor(random() * LETTERS.length)];
  return name.slice(0, at) + other + name.slice(at + 1);
}

/** The name's initials, joining words left out half the time; undefined when not 2 to 6 letters. */
function initials(name, random) {
  const forms = nameInitials(name);
  const typed = forms && (random() < 0.5 ? forms.kept : forms.skipped);
  return typed && typed.length >= 2 && typed.length <= 6 ? typed : undefined;
}

/** Two of the name's words of three letters or more, in either order, the last perhaps cut short. */
function twoWords(name, random) {
  const words = name.split(/\s+/).filter((word) => word.length >= 3);
  if (words.length < 2) return name;
  const first = words.splice(Math.floor(random() * words.length), 1)[0];
  const second = words[Math.floor(random() * words.length)];
  const cut = second.slice(0, 3 + Math.floor(random() * (second.length - 2)));
  return random() < 0.5 ? `${first} ${cut}` : `${cut} ${first}`;
}

/**
 * `count` distinct search queries, written one a line to `dir`, and for each the name it came from:
 * what a check of both servers' answers looks for.
 */
export function writeSearchQueries(dataset, dir, count, random) {
  const names = { en: namesOf(dataset, dataset.language), de: namesOf(dataset, 'de') };
  const aliases = { en: aliasesOf(dataset, dataset.language), de: aliasesOf(dataset, 'de') };
  const queries = new Map();
  for (let tries = 0; queries.size < count; tries++) {
    if (tries > count * 20) throw new Error(`search: fewer than ${count} distinct queries`);
    const german = random() < 0.5;
    const pool = german ? names.de : names.en;
    let name = pool[Math.floor(random() * pool.length)];
    const kind = random();
    let text;
    if (kind < 0.35) text = name.slice(0, 3 + Math.floor(random() * (name.length - 2)));
    else if (kind < 0.58) text = typo(name, random);
    else if (kind < 0.8) text = twoWords(name, random);
    else if (kind < 0.92) text = initials(name, random);
    else {
      const known = german ? aliases.de : aliases.en;
      if (known.length === 0) continue;
      [text, name] = known[Math.floor(random() * known.length)];
    }
    if (text === undefined) continue;
    const limit = [5, 10, 10, 25][Math.floor(random() * 4)];
    const query = `q=${encodeURIComponent(text)}&limit=${limit}${german ? '&lang=de' : ''}`;
    if (!queries.has(query)) queries.set(query, name);
  }
  const file = join(dir, 'queries-search.txt');
  writeFileSync(file, [...queries.keys()].join('\n'));
  return { file, sources: [...queries.values()] };
}
