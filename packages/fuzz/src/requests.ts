import {
  collectionNames,
  collectionOf,
  facetsOf,
  knownVersions,
  listFilters,
  sortKeys,
  type Dataset,
} from '@gamedata/core';
import type { DocumentLanguages } from '@gamedata/test-support/document-languages';
import type { Outgoing } from '@gamedata/test-support/send';
import { forgedCursor } from './forged-cursors.js';
import type { Random } from './random.js';

/** What a list's descriptor lets a query name: its filters, sort keys, fields and facets. */
interface ListTerms {
  /** Filter parameters; `keyed` for one that takes a stat key in brackets (`stat[mgt]`). */
  filters: Array<{ param: string; keyed: boolean }>;
  sortKeys: string[];
  fields: string[];
  facets: string[];
}

/** What the fuzzer knows of the dataset, to send ids and values that exist as well as ones that do not. */
export interface Vocabulary {
  /** The dataset's lists, in its registry's order, then the stats: what `collections` and bulk files name. */
  lists: string[];
  collections: string[];
  ids: Record<string, string[]>;
  /** Each list's terms, from its descriptor: the parameter space follows what the lists declare. */
  terms: Record<string, ListTerms>;
  statKeys: string[];
  /** Every record's name and every stat's, for searches. */
  names: string[];
  sprites: string[];
  versions: string[];
  key: string;
  /** The languages `lang` takes, the default first, and the paths that take it: as the served document gives them. */
  languages: DocumentLanguages;
}

/** What earlier answers gave the fuzzer to send back: cursors and etags. */
export interface Harvest {
  cursors: string[];
  etags: string[];
}

const URL_SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
const ODD = '!$&\'()*+,;=:@%/?[]\\|^`{}<>"#';
/** Mostly GET, as clients send; then HEAD, the preflight, and methods no route serves (BREW: one Node's parser does not know). */
const METHODS = [
  ...Array<string>(14).fill('GET'),
  'HEAD',
  'HEAD',
  'HEAD',
  'OPTIONS',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'TRACE',
  'PURGE',
  'BREW',
  'PROPFIND',
];

export function vocabularyOf(
  dataset: Dataset,
  key: string,
  languages: DocumentLanguages,
): Vocabulary {
  const { lists } = dataset.registry;
  const termsOf = (descriptor: (typeof lists)[number]): ListTerms => ({
    filters: listFilters(descriptor).map((filter) => ({
      param: filter.param,
      keyed: filter.describe(dataset, []).style === 'deepObject',
    })),
    sortKeys: [...sortKeys(descriptor, dataset).keys()],
    fields: descriptor.fields.map((entry) => entry.field),
    facets: [...facetsOf(descriptor).keys()],
  });
  const names = lists.map(({ name }) => name);
  return {
    lists: names,
    collections: collectionNames(dataset.registry),
    ids: Object.fromEntries(
      names.map((list) => [list, collectionOf(dataset, list).records.map((record) => record.id)]),
    ),
    terms: Object.fromEntries(lists.map((descriptor) => [descriptor.name, termsOf(descriptor)])),
    statKeys: dataset.stats.map((stat) => stat.key),
    names: [...names.flatMap((list) => collectionOf(dataset, list).records), ...dataset.stats].map(
      (record) => record.name,
    ),
    sprites: [...dataset.sprites.keys()],
    // Every version `since` accepts, releases a rollback passed over included.
    versions: knownVersions(dataset.history),
    key,
    languages,
  };
}

/** Percent-encodes what a request line cannot carry, as a client (and API Gateway) would. */
function encodeOdd(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (char) => encodeURIComponent(char));
}

/** A value someone might put in a parameter: plausible, broken, huge, encoded, or an attack. */
function oddValue(random: Random): string {
  switch (random.int(0, 9)) {
    case 0:
      return '';
    case 1:
      return random.text(URL_SAFE, random.int(1, 12));
    case 2:
      return encodeOdd(random.text(`${URL_SAFE}${ODD} éü漢🙂`, random.int(1, 20)));
    case 3:
      return `%${random.text('0123456789abcdefzZ', 2)}`;
    case 4:
      return String(random.int(-5, 300));
    case 5:
      return random
        .pick(['1e2', '1.5', '0x10', 'NaN', 'Infinity', '-0', '00012', ' 5', '5 '])
        .replace(/ /g, '%20');
    case 6:
      return 'a'.repeat(random.pick([99, 100, 101, 1000, 6000]));
    case 7:
      return random
        .pick([
          '..%2F..%2Fetc%2Fpasswd',
          '%00',
          '<script>',
          "'%20OR%201=1",
          '%E2%80%AE',
          '%C0%AF',
          '${jndi:x}',
        ])
        .replace(/[<>'${}]/g, (c) => encodeURIComponent(c));
    case 8:
      return random.pick([
        'true',
        'false',
        'TRUE',
        'yes',
        'legendary',
        'LEGENDARY',
        '4',
        'head',
        'HEAD',
        'fire',
      ]);
    default:
      return random.text(URL_SAFE, random.int(20, 60));
  }
}

/**
 * A value for `lang`: a language of the dataset as listed, in another case or with a letter
 * percent-encoded (both the same language), a more specific tag (`de-CH`, a 400), a tag the dataset
 * lacks, nothing (as if absent), or anything at all.
 */
function langValue(random: Random, tags: readonly string[]): string {
  const tag = random.pick(tags);
  switch (random.int(0, 9)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return tag;
    case 4:
      return random.pick([
        tag.toUpperCase(),
        `${tag.charAt(0).toUpperCase()}${tag.slice(1)}`,
        `%${tag.charCodeAt(0).toString(16)}${tag.slice(1)}`,
      ]);
    case 5:
      return `${tag}-${random.pick(['CH', 'AT', 'US', 'ch', '419', 'Latn', 'x-private'])}`;
    case 6:
      return random.pick([
        'xx',
        'ja',
        'zh-Hant',
        'en-GB',
        'i-klingon',
        'x-private',
        'und',
        'de_DE',
        '*',
        'de,fr',
        'de%3Bq%3D1',
      ]);
    case 7:
      return '';
    default:
      return oddValue(random);
  }
}

/** `lang=`, now and then given twice (a 400, whatever the values). */
function langQuery(random: Random, vocabulary: Vocabulary): string[] {
  const { tags } = vocabulary.languages;
  const parts = [`lang=${langValue(random, tags)}`];
  if (random.chance(0.06)) parts.push(`lang=${langValue(random, tags)}`);
  return parts;
}

/** Printable ASCII for a header value (a client cannot send control characters; text past ASCII is `utf8Value`'s). */
const HEADER_TEXT = `${URL_SAFE} ,;=*"'()/:?@[]{}<>\\`;

/** Text past ASCII that a client might write in a header, within Latin-1 and past it. */
const UTF8_TEXT = ['é', 'ß', '\u00a0', 'Ωμέγα', '日本語', '🙂', '\u{1f1e9}\u{1f1ea}'];

/** Headers whose values the app reads, and one it does not. */
const UTF8_HEADERS = [
  'authorization',
  'if-none-match',
  'accept-language',
  'accept-encoding',
  'x-forwarded-for',
  'cloudfront-viewer-address',
  'origin',
  'x-note',
];

/**
 * A value with UTF-8 text in it, as it goes on the wire: its bytes, one Latin-1 character each, as
 * Node's client sends it. The Node adapter reads those characters; a Lambda event carries the text
 * the bytes encode, and the handler must read it as Node does.
 */
function utf8Value(random: Random, before: string): string {
  const text = `${before}${random.pick(UTF8_TEXT)}${random.chance(0.5) ? random.text(HEADER_TEXT, random.int(1, 8)) : ''}`;
  return Buffer.from(text, 'utf8').toString('latin1');
}

/**
 * An Accept-Language a client might send: a list of ranges (the dataset's languages, more specific
 * ones, others, `*`) with q-values among them (`q=0` too), or something broken or long.
 */
function acceptLanguage(random: Random, tags: readonly string[]): string {
  if (random.chance(0.75)) {
    const range = () => {
      const tag = random.pick(tags);
      return random.pick([
        tag,
        tag,
        tag.toUpperCase(),
        `${tag}-${random.pick(['CH', 'AT', 'US', 'MX', 'ca'])}`,
        'ja',
        'zh-CN',
        'pt-BR',
        '*',
        '*',
      ]);
    };
    const ranges = Array.from(
      { length: random.int(1, 4) },
      () =>
        `${range()}${random.chance(0.5) ? '' : `;q=${random.pick(['0', '1', '0.9', '0.5', '0.001', '1.000', '0.0', '0.50'])}`}`,
    );
    return ranges.join(random.pick([', ', ',', ' , ']));
  }
  switch (random.int(0, 3)) {
    case 0:
      return random.pick([
        '',
        ',',
        ';;',
        ',,,',
        'de;q=abc',
        'de;q=2',
        'de;q=-1',
        '*;q=0',
        'q=0.5',
        'de-',
        '-de',
        'de;x=y',
        '"de"',
        'de ;q=0.5',
        'de;q=0.5;q=1',
        'de__DE',
      ]);
    case 1:
      return `${random.pick(tags)};q=0.5, `.repeat(random.int(20, 60)).trim().replace(/,$/, '');
    default:
      return random.text(HEADER_TEXT, random.int(1, 40)).trim();
  }
}

function idLike(random: Random, vocabulary: Vocabulary, list: string): string {
  if (random.chance(0.6)) return random.pick(vocabulary.ids[list] ?? []);
  return random.chance(0.5)
    ? oddValue(random)
    : random.pick(vocabulary.ids[list] ?? []).toUpperCase();
}

/** A range as users write them, and as they get them wrong: reversed, half, open, `*`, or no range at all. */
function rangeValue(random: Random, words: readonly string[] = []): string {
  const bound = () =>
    random.chance(0.2) && words.length > 0
      ? random.pick(words)
      : String(random.pick([0, 1, 3, 5, 10, 20, 45, 100, -2, 2.5]));
  switch (random.int(0, 7)) {
    case 0:
      return `${bound()}..${bound()}`;
    case 1:
      return `${bound()}..`;
    case 2:
      return `..${bound()}`;
    case 3:
      return bound();
    case 4:
      return '*';
    case 5:
      return random.pick(['..', '5..1', '1...2', '1..2..3', 'a..b', '1e3..', '..-']);
    default:
      return oddValue(random);
  }
}

/** Up to four names from `known`, comma-separated: a `sort`, `fields` or `facet`, sometimes with one that is not. */
function nameList(random: Random, known: readonly string[], signed: boolean): string {
  const names = Array.from({ length: random.int(1, 4) }, () => {
    const name = random.chance(0.85) && known.length > 0 ? random.pick(known) : oddValue(random);
    return signed && random.chance(0.5) ? `-${name}` : name;
  });
  return names.join(random.chance(0.9) ? ',' : '%2C');
}

/** Each filter the list declares, now and then: keyed ones with a stat key in brackets, raw or percent-encoded. */
function filterQuery(random: Random, vocabulary: Vocabulary, list: string): string[] {
  const parts: string[] = [];
  for (const { param, keyed } of vocabulary.terms[list]?.filters ?? []) {
    if (param === 'q' || param === 'ids' || !random.chance(keyed ? 0.15 : 0.1)) continue;
    if (!keyed) {
      parts.push(
        `${param}=${random.chance(0.4) ? rangeValue(random, ['common', 'rare', 'LEGENDARY']) : oddValue(random)}`,
      );
      continue;
    }
    for (let n = random.int(1, 3); n > 0; n--) {
      const key = random.chance(0.85) ? random.pick(vocabulary.statKeys) : oddValue(random);
      const [open, close] = random.chance(0.7)
        ? ['[', ']']
        : random.pick([
            ['%5B', '%5D'],
            ['%5b', '%5d'],
            ['[', ''],
            ['', ''],
          ]);
      parts.push(`${param}${open}${key}${close}=${rangeValue(random)}`);
    }
  }
  return parts;
}

function listQuery(
  random: Random,
  vocabulary: Vocabulary,
  list: string,
  harvest: Harvest,
): string[] {
  const parts: string[] = filterQuery(random, vocabulary, list);
  const add = (name: string, value: string) => parts.push(`${name}=${value}`);
  const terms = vocabulary.terms[list] as ListTerms;
  if (random.chance(0.2)) add('sort', nameList(random, terms.sortKeys, true));
  if (random.chance(0.1)) add('fields', nameList(random, [...terms.fields, 'dropRate'], false));
  if (random.chance(0.5))
    add(
      'limit',
      random.chance(0.6) ? String(random.pick([1, 2, 5, 50, 200, 201, 1000])) : oddValue(random),
    );
  if (random.chance(0.3)) {
    const cursor = random.pick(harvest.cursors.length > 0 ? harvest.cursors : ['eyJ2IjoxfQ']);
    add(
      'cursor',
      random.chance(0.6)
        ? cursor
        : random.pick([
            cursor.slice(0, -3),
            `${cursor}A`,
            cursor.replace(/[A-Za-z]/, 'Q'),
            forgedCursor(random, harvest.cursors),
            oddValue(random),
          ]),
    );
  }
  if (random.chance(0.25))
    add(
      'q',
      random.chance(0.5)
        ? random.pick(vocabulary.ids[list] ?? []).slice(0, random.int(1, 6))
        : oddValue(random),
    );
  if (random.chance(0.1)) add('rarity', String(random.int(0, 7)));
  if (random.chance(0.15)) {
    const count = random.pick([1, 2, 10, 200, 201]);
    // Long lists of real ids only, so the URL stays under the 16 KB every server allows.
    const ids = Array.from({ length: count }, () =>
      count > 10 ? random.pick(vocabulary.ids[list] ?? []) : idLike(random, vocabulary, list),
    );
    add('ids', ids.join(random.chance(0.9) ? ',' : '%2C'));
  }
  if (random.chance(0.1)) add(random.text(URL_SAFE, random.int(1, 8)), oddValue(random));
  if (random.chance(0.15)) parts.push(...langQuery(random, vocabulary));
  if (random.chance(0.05) && parts.length > 0) parts.push(random.pick(parts));
  return parts;
}

/**
 * A path that takes `lang`, as the document lists them: a record of a list with any id the fuzzer
 * would send, any other path parameter the document's example; mostly with `lang`, a list's page
 * sometimes with its other parameters too.
 */
function localizedTarget(
  random: Random,
  vocabulary: Vocabulary,
  harvest: Harvest,
): { path: string; query: string[] } {
  const { template, example } = random.pick(vocabulary.languages.paths);
  const list = vocabulary.lists.find((name) => template.startsWith(`/v1/${name}`));
  const path =
    list && template === `/v1/${list}/{id}`
      ? `/v1/${list}/${idLike(random, vocabulary, list)}`
      : example;
  const query =
    list && template === `/v1/${list}` && random.chance(0.4)
      ? listQuery(random, vocabulary, list, harvest)
      : [];
  if (random.chance(0.8)) query.push(...langQuery(random, vocabulary));
  return { path, query };
}

/**
 * A search's `q`: a real name, its start, or with a letter changed, in any case; odd bytes, text in
 * UTF-8, or longer than the 100 characters it takes.
 */
function searchText(random: Random, vocabulary: Vocabulary): string {
  const name = random.pick(vocabulary.names);
  switch (random.int(0, 6)) {
    case 0:
      return encodeURIComponent(name.slice(0, random.int(1, name.length)));
    case 1: {
      const at = random.int(0, name.length - 1);
      return encodeURIComponent(
        name.slice(0, at) + random.pick([...URL_SAFE]) + name.slice(at + 1),
      );
    }
    case 2:
      return encodeURIComponent(name.toUpperCase());
    case 3:
      return encodeURIComponent(random.pick(UTF8_TEXT));
    case 4:
      return encodeURIComponent(name.repeat(random.int(2, 12)));
    case 5:
      return oddValue(random);
    default:
      return encodeURIComponent(name);
  }
}

/** `/v1/search`'s query: `q` (now and then missing or twice), `collections`, `limit` and `lang`. */
function searchQuery(random: Random, vocabulary: Vocabulary): string[] {
  const query: string[] = [];
  if (random.chance(0.95)) query.push(`q=${searchText(random, vocabulary)}`);
  if (random.chance(0.05)) query.push(`q=${searchText(random, vocabulary)}`);
  if (random.chance(0.3))
    query.push(`collections=${nameList(random, vocabulary.collections, false)}`);
  if (random.chance(0.3))
    query.push(
      `limit=${random.chance(0.6) ? String(random.pick([1, 5, 10, 50, 51, 1000])) : oddValue(random)}`,
    );
  if (random.chance(0.3)) query.push(...langQuery(random, vocabulary));
  return query;
}

/** A path the API has, one it does not, or one that tries to get out of where it should be. */
function target(random: Random, vocabulary: Vocabulary, harvest: Harvest): string {
  const list = random.pick(vocabulary.lists);
  let path: string;
  let query: string[] = [];
  switch (random.int(0, 15)) {
    case 0:
    case 1:
    case 2:
      path = `/v1/${list}`;
      query = listQuery(random, vocabulary, list, harvest);
      break;
    case 3:
      path = `/v1/${list}/${idLike(random, vocabulary, list)}`;
      if (random.chance(0.3))
        query = [`fields=${nameList(random, vocabulary.terms[list]?.fields ?? [], false)}`];
      break;
    case 4:
      path = `/v1/facets/${random.chance(0.95) ? list : oddValue(random)}`;
      query = filterQuery(random, vocabulary, list);
      if (random.chance(0.6))
        query.push(`facet=${nameList(random, vocabulary.terms[list]?.facets ?? [], false)}`);
      if (random.chance(0.2)) query.push(...langQuery(random, vocabulary));
      break;
    case 5:
      path = `/v1/img/${random.chance(0.7) ? random.pick(vocabulary.sprites) : oddValue(random)}${random.pick(['.png', '.png', '.PNG', '.jpg', ''])}`;
      break;
    case 6:
      path = random.pick([
        '/v1/stats',
        '/v1/meta',
        '/v1/status',
        '/v1/languages',
        '/v1/openapi.json',
        '/docs',
        '/',
        '/v1',
        '/v1/',
      ]);
      // Ignored where the path does not take it.
      if (random.chance(0.3)) query = langQuery(random, vocabulary);
      break;
    case 7:
      path = random.chance(0.2) ? '/v1/changes.atom' : '/v1/changes';
      if (random.chance(0.9))
        query = [
          `since=${random.chance(0.6) ? random.pick(vocabulary.versions) : oddValue(random)}`,
        ];
      break;
    case 8:
      if (random.chance(0.25)) {
        // The release's SQLite file by either name, another version's, or a name it never has.
        const version = random.chance(0.7) ? random.pick(vocabulary.versions) : oddValue(random);
        path = `/v1/sqlite/${random.pick(['gamedata', `gamedata-${version}`, oddValue(random)])}${random.pick(['.sqlite', '.sqlite', '.db', ''])}`;
        break;
      }
      path = random.chance(0.3)
        ? '/v1/bulk'
        : `/v1/bulk/${random.pick([...vocabulary.collections, 'nothing'])}.json`;
      if (random.chance(0.5))
        query = [
          `version=${random.chance(0.6) ? random.pick(vocabulary.versions) : oddValue(random)}`,
        ];
      break;
    case 9:
      path = random.pick([
        '/v1/items/..%2F..%2Fpackage.json',
        '/v1/img/..%2F..%2F.env',
        '/v1/./items',
        '/v1/items/../stats',
        '//v1/items',
        '/v1//items',
        '/V1/ITEMS',
        '/v1/items/',
        '/v1/items;x=1',
        '/v1/items\\x',
        '/%2e%2e/%2e%2e/etc/passwd',
      ]);
      break;
    case 10:
      path = `/${Array.from({ length: random.int(1, 4) }, () => oddValue(random)).join('/')}`;
      break;
    case 11:
      path = `/v1/${list}`;
      query = [
        `key=${random.chance(0.05) ? vocabulary.key : oddValue(random)}`,
        ...listQuery(random, vocabulary, list, harvest),
      ];
      break;
    case 12:
    case 13:
      ({ path, query } = localizedTarget(random, vocabulary, harvest));
      break;
    case 14:
      path = '/v1/search';
      query = searchQuery(random, vocabulary);
      break;
    default:
      path = `/v1/${list}`;
      query = listQuery(random, vocabulary, list, harvest);
  }
  return query.length > 0 ? `${path}${path.includes('?') ? '&' : '?'}${query.join('&')}` : path;
}

/** Request headers a client might send, sensible or not. */
function headers(random: Random, vocabulary: Vocabulary, harvest: Harvest): Record<string, string> {
  const sent: Record<string, string> = {};
  if (random.chance(0.4))
    sent['accept-encoding'] = random.pick([
      'br',
      'gzip',
      'gzip, br',
      'br;q=0, gzip',
      'identity',
      '*;q=0',
      'deflate',
      'br;q=abc',
      '*',
      'gzip;q=0.5, br;q=0.5',
    ]);
  if (random.chance(0.2))
    sent['if-none-match'] =
      random.chance(0.7) && harvest.etags.length > 0
        ? random.pick(harvest.etags)
        : random.pick(['*', '"x"', 'W/"x"', 'garbage', '"a", "b"']);
  // Few keyed requests: one key's community allowance must not run out inside a window.
  if (random.chance(0.01)) sent.authorization = `Bearer ${vocabulary.key}`;
  else if (random.chance(0.03))
    sent.authorization = random.pick([
      'Bearer ',
      'Bearer gd_short',
      'Basic dXNlcjpwYXNz',
      'bearer x y',
      `Bearer ${vocabulary.key.slice(0, -1)}x`,
    ]);
  if (random.chance(0.05)) sent.origin = random.pick(['https://example.com', 'null']);
  // Ranges the SQLite file answers with a part of itself, and ones it answers whole.
  if (random.chance(0.05))
    sent.range = random.pick([
      'bytes=0-99',
      'bytes=4096-',
      'bytes=-512',
      'bytes=0-1,4-9',
      'bytes=99999999-',
      'bytes=9-0',
      'pages=1-2',
      'bytes=',
    ]);
  if (random.chance(0.02))
    sent['if-range'] =
      harvest.etags.length > 0 && random.chance(0.5) ? random.pick(harvest.etags) : '"x"';
  if (random.chance(0.25))
    sent['accept-language'] = acceptLanguage(random, vocabulary.languages.tags);
  if (random.chance(0.05)) {
    const name = random.pick(UTF8_HEADERS);
    sent[name] = utf8Value(random, name === 'authorization' ? 'Bearer ' : (sent[name] ?? ''));
  }
  return sent;
}

/** One request of the run: method, target as written on the wire, headers. */
export function nextRequest(
  random: Random,
  vocabulary: Vocabulary,
  harvest: Harvest,
): Outgoing & { method: string; headers: Record<string, string> } {
  return {
    method: random.pick(METHODS),
    path: target(random, vocabulary, harvest),
    headers: headers(random, vocabulary, harvest),
  };
}
