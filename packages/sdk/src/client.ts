import type { ClientOptions, RequestOptions } from './client-options.js';
import type {
  BulkFileEntry,
  SqliteFile,
  CollectionMeta,
  Language,
  Meta,
  ReleaseChange,
  Stat,
  Status,
  FacetCount,
  HistoryEntry,
  SearchHit,
} from './generated/records.js';
import { LIST_NAMES, type FacetsByList, type ListsByName } from './generated/list-params.js';
import type { PageParams } from './page-params.js';
import { fallbackIds } from './fallback-ids.js';
import { walkPages } from './page-walk.js';
import { buildQueryString } from './query-string.js';
import type { RateLimit } from './rate-limit.js';
import { syncState, type CollectionName, type CollectionRecords, type SyncState } from './sync.js';
import { createTransport, type Transport } from './transport.js';

/**
 * The largest page the server gives (README, "Choices the contract leaves open"); a walk uses it
 * unless told otherwise, to spend fewer requests.
 */
const WALK_PAGE_SIZE = 200;

/**
 * Options of `gd.sync`.
 *
 * @example
 * const state = await gd.sync(saved, { collections: ['items', 'relics'] });
 */
export interface SyncOptions extends RequestOptions {
  /**
   * Collections to hold: without a state, the ones to download (default all five); with one, any it
   * does not hold yet are downloaded, and those it holds are kept up to date as well.
   */
  collections?: readonly CollectionName[];
}

/**
 * One page of a list.
 *
 * @example
 * const page: Page<Item> = await gd.items.list({ limit: 20 });
 * console.log(page.meta.total, page.datasetVersion, page.rateLimit?.remaining);
 */
export interface Page<T> {
  data: T[];
  meta: CollectionMeta;
  /** `x-dataset-version` of this response. */
  datasetVersion: string;
  /** `ratelimit-*` of this response; undefined when the cache answered without a request. */
  rateLimit: RateLimit | undefined;
  /** The language of the text (the first tag of `content-language`); undefined from a server that does not say. */
  language: string | undefined;
  /**
   * Ids of the records on this page with text the language does not translate, sent in the default
   * language instead (`x-language-fallback`); empty when every record is translated in full.
   */
  fallbackIds: string[];
}

/** The fields of `T` every record has. */
type RequiredField<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? never : K;
}[keyof T];

/**
 * A record as `fields` selects it: its required fields and those named; the whole record when no
 * `fields` is given.
 *
 * @example
 * type Planner = Selected<Item, 'stats' | 'roll'>; // id, name, rarity, rarityName, stats?, roll?
 */
export type Selected<T, F extends PropertyKey> = [F] extends [never]
  ? T
  : Pick<T, RequiredField<T> | Extract<F, keyof T>>;

/** The optional fields a list's parameters let `fields` name. */
type FieldOf<P> = P extends { fields?: readonly (infer F extends string)[] | undefined }
  ? F
  : never;

/**
 * list, iterate and get for one collection. With `fields`, the records are typed to the fields
 * asked for.
 *
 * @example
 * const legendary = await gd.items.list({ rarity: 'legendary', sort: ['-stat.mgt', 'name'] });
 * const planner = await gd.items.list({ stat: { mgt: '10..' }, fields: ['stats', 'roll'] });
 * for await (const relic of gd.relics.iterate()) console.log(relic.name);
 * const follower = await gd.followers.get('bram-nine-lives');
 */
export interface ListResource<T, P extends PageParams> {
  /** One page; pass `meta.cursor` back as `cursor` for the next. */
  list<const F extends FieldOf<P> = never>(
    params?: P & { fields?: readonly F[] | undefined },
    options?: RequestOptions,
  ): Promise<Page<Selected<T, F>>>;
  /**
   * Every match, page after page, in the order asked for (by id without `sort`; 200 per page unless
   * `limit` says otherwise). All records come from one dataset version: if the version changes
   * mid-walk the iterator throws `DatasetChangedError` rather than mix two versions; catch it and
   * iterate again to start over.
   */
  iterate<const F extends FieldOf<P> = never>(
    params?: P & { fields?: readonly F[] | undefined },
    options?: RequestOptions,
  ): AsyncGenerator<Selected<T, F>, void, undefined>;
  /**
   * One record by id, with only the required fields and `fields` when given; with `at`, as that
   * release served it (`gd.history` names the releases). `NotFoundError` when there is none (then).
   */
  get<const F extends FieldOf<P> = never>(
    id: string,
    options?: GetOptions<F>,
  ): Promise<Selected<T, F>>;
}

/** What `get` takes: `fields`, and `at`, a release of the record's history. */
export interface GetOptions<F extends string = never> extends RequestOptions {
  fields?: readonly F[] | undefined;
  /** A dataset version: the record as that release served it. */
  at?: string;
}

/**
 * How many of the records a list's filters match have each value of each facet asked for.
 *
 * @example
 * const { data, total } = await gd.facets('items', { slot: 'head', facet: ['rarity', 'stat'] });
 * console.log(total, data.rarity?.[0]); // 412 { value: 4, count: 120 }
 */
export interface Facets<F extends string> {
  /** Each facet asked for (every one without `facet`): its values, the largest count first. */
  data: Partial<Record<F, FacetCount[]>>;
  /** How many records match the filters. */
  total: number;
  /** `x-dataset-version` of this response. */
  datasetVersion: string;
}

/**
 * Records of every collection found by a name, the best first, and how many match.
 *
 * @example
 * const { data, total } = await gd.search('amulet fox', { collections: ['items'], limit: 5 });
 * console.log(total, data[0]); // 3 { collection: 'items', id: 'amber-amulet-of-the-fox', name: 'Amber Amulet of the Fox', match: 'words', icon: 'item.neck.1.c' }
 */
export interface SearchResults {
  /** The hits, best first: at most `limit` (10 unless asked, at most 50). */
  data: SearchHit[];
  /** How many records match, by any rule. */
  total: number;
  /** `x-dataset-version` of this response. */
  datasetVersion: string;
}

/** What {@link GameDataClient.search} takes besides the text. */
export interface SearchOptions extends RequestOptions {
  /** The collections to search; every one when absent. */
  collections?: readonly SearchHit['collection'][];
  /** At most this many hits: 10 unless given, and never more than 50. */
  limit?: number;
}

/** A resource per list, under its name: `gd.items` is a `ListResource<Item, ItemListParams>`. */
export type ListResources = {
  [L in keyof ListsByName]: ListResource<ListsByName[L]['record'], ListsByName[L]['params']>;
};

/**
 * The client {@link createClient} returns.
 *
 * @example
 * const gd: GameDataClient = createClient({ baseUrl: 'https://gamedata.example' });
 * const { version } = await gd.meta();
 */
export interface GameDataClient extends ListResources {
  /**
   * Counts of a list's records by value, under its filters (`/v1/facets/{list}`): what a filter panel
   * shows next to each choice, in one request.
   */
  facets<L extends keyof FacetsByList>(
    list: L,
    params?: FacetsByList[L]['params'],
    options?: RequestOptions,
  ): Promise<Facets<FacetsByList[L]['facet']>>;
  /**
   * Records of every collection whose names match `text`, as a player types it (`/v1/search`): its
   * start, its words in any order, or with a typo; case, accents and punctuation ignored. Names are
   * matched and returned in the client's language or the call's `lang`. What an autocomplete or a
   * chat bot's `/item` command asks, in one request.
   */
  search(text: string, options?: SearchOptions): Promise<SearchResults>;
  /**
   * Every release that changed one record, newest first, with each value it changed as the API
   * served it, in the client's language or the call's (every page of `/v1/{list}/{id}/history`). A
   * removed record keeps its history; `NotFoundError` for an id that never existed.
   *
   * @example
   * const [latest] = await gd.history('items', 'bronze-partisan');
   * const before = await gd.get('items', 'bronze-partisan', { at: '2026-11-21.1' });
   */
  history(list: keyof ListsByName, id: string, options?: RequestOptions): Promise<HistoryEntry[]>;
  /** `gd[list].get(id, options)`: one record by id, with `at` as a release served it. */
  get<L extends keyof ListsByName, const F extends FieldOf<ListsByName[L]['params']> = never>(
    list: L,
    id: string,
    options?: GetOptions<F>,
  ): Promise<Selected<ListsByName[L]['record'], F>>;
  stats: {
    /** The whole stat vocabulary (unpaginated), in the client's language or the call's. */
    list(options?: RequestOptions): Promise<Stat[]>;
  };
  /**
   * Every language the dataset is served in, the default first, with its names and how much of each
   * collection it translates: what a language picker offers, and the tags `lang` takes.
   */
  languages(options?: RequestOptions): Promise<Language[]>;
  /** Dataset version, publication time, counts and licence. */
  meta(options?: RequestOptions): Promise<Meta>;
  /**
   * The instance that answered: the dataset version it serves and when that was published, how many
   * versions `changes()` accepts as `since`, whether its rate limits are shared or per-instance right
   * now, and when it started.
   */
  status(options?: RequestOptions): Promise<Status>;
  /**
   * Every release after `since` (a dataset version you hold), oldest first, each with the ids it
   * added, changed and removed per collection and the sprite ids whose image it added, replaced or
   * removed (`sprites`); empty when `since` is current. For a version a rollback passed over, one
   * entry labelled with the current release: the net change from `since`. `BadRequestError` when the
   * server does not know `since`, or it is older than the history the server keeps.
   */
  changes(since: string, options?: RequestOptions): Promise<ReleaseChange[]>;
  /**
   * Address of the Atom feed of releases (`/v1/changes.atom`): hand it to a feed reader, or to a
   * chat or wiki bot that posts each new release. Needs no key.
   */
  readonly changesFeedUrl: string;
  bulk: {
    /** Each collection's bulk file in each language, the default language's first: language, version, record count, size, SHA-256 and URL. */
    index(options?: RequestOptions): Promise<BulkFileEntry[]>;
    /**
     * The release as one SQLite database: its name, version, size, SHA-256, layout version and URL
     * (download it whole, or query it in byte ranges); `undefined` for a release published without
     * one. On Node, `downloadSqlite` from `@gamedata/sdk/node` saves it with its SHA-256 checked.
     */
    sqlite(options?: RequestOptions): Promise<SqliteFile | undefined>;
    /**
     * Every record of a collection in one download (compressed on the wire where fetch can decode it),
     * in the client's language or the call's `lang`.
     */
    download<C extends CollectionName>(
      collection: C,
      options?: RequestOptions,
    ): Promise<Array<CollectionRecords[C]>>;
  };
  /**
   * Brings what you hold to the current release with the fewest requests, and returns the new state:
   * `state` itself when it is current; otherwise the records that changed, in the answer to what
   * changed when up to 1000 did (one request for up to 200), or the collection's bulk file when many
   * did or the server no longer knows your version.
   * Without a state, downloads `collections` (default: all five) whole, and so a collection added to
   * `collections` later, or every collection of a state from another `baseUrl`. Every record comes
   * from one version; if a release lands meanwhile, it starts over (`DatasetChangedError` after three
   * tries). The records are in the client's language (or the call's `lang`), and so are kept: a
   * release that changed a translation of that language brings its records again, and a state of
   * another language is downloaded afresh — keep one state per language.
   */
  sync(state?: SyncState, options?: SyncOptions): Promise<SyncState>;
  /** Address of an icon's PNG, for `<img src>`; needs no key. */
  imageUrl(icon: string): string;
  /** An icon's PNG bytes; `NotFoundError` when there is no such sprite. */
  image(icon: string, options?: RequestOptions): Promise<Uint8Array>;
  /** Dataset version of the most recent response (an answer from the cache is none); undefined before the first. */
  readonly datasetVersion: string | undefined;
  /** Rate-limit state of the most recent response that reported one (an answer from the cache is none). */
  readonly rateLimit: RateLimit | undefined;
}

/** `?lang=` for a call: its own language, else the client's; nothing when neither names one. */
const langQuery = (lang: string | undefined, options: RequestOptions) =>
  buildQueryString({ lang: options.lang ?? lang });

function createListResource<T, P extends PageParams>(
  transport: Transport,
  name: string,
  lang: string | undefined,
): ListResource<T, P> {
  const list = async (params = {} as P, options: RequestOptions = {}): Promise<Page<never>> => {
    const reply = await transport.send(
      `/v1/${name}${buildQueryString({ ...params, lang: options.lang ?? lang })}`,
      options,
    );
    const { data, meta } = reply.body as { data: never[]; meta: CollectionMeta };
    return {
      data,
      meta,
      datasetVersion: reply.datasetVersion,
      rateLimit: reply.rateLimit,
      language: reply.contentLanguage?.split(',')[0],
      fallbackIds: fallbackIds(reply.languageFallback, data as Array<{ id?: string }>),
    };
  };

  async function* iterate(params = {} as P, options: RequestOptions = {}) {
    yield* walkPages(async (cursor) => {
      const page = await list(
        { ...params, limit: params.limit ?? WALK_PAGE_SIZE, cursor },
        options,
      );
      return { data: page.data, datasetVersion: page.datasetVersion, cursor: page.meta.cursor };
    }, params.cursor);
  }

  return {
    list,
    iterate,
    get: async (id, options = {}) =>
      (
        (
          await transport.send(
            `/v1/${name}/${encodeURIComponent(id)}${buildQueryString({ fields: options.fields, at: options.at, lang: options.lang ?? lang })}`,
            options,
          )
        ).body as { data: never }
      ).data,
  };
}

/** Every list's resource, from the generated list names. */
function listResources(transport: Transport, lang: string | undefined): ListResources {
  return Object.fromEntries(
    LIST_NAMES.map((name) => [name, createListResource(transport, name, lang)]),
  ) as ListResources;
}

/**
 * Creates a client for the gamedata API. Every option is optional.
 *
 * @example
 * import { createClient } from '@gamedata/sdk';
 *
 * const gd = createClient({ baseUrl: 'http://127.0.0.1:3000' });
 * const page = await gd.items.list({ slot: 'head', rarity: 'legendary', limit: 10 });
 * for await (const item of gd.items.iterate({ rarity: 'legendary' })) console.log(item.name);
 * const png = await gd.image(page.data[0].icon!);
 */
export function createClient(options: ClientOptions): GameDataClient {
  const transport = createTransport(options);
  const { state, baseUrl } = transport;
  const { lang } = options;
  const readData = async <T>(path: string, options?: RequestOptions) =>
    ((await transport.send(path, options)).body as { data: T }).data;

  const resources = listResources(transport, lang);
  return {
    ...resources,
    history: async (list, id, options = {}) => {
      const entries: HistoryEntry[] = [];
      const pages = walkPages(async (cursor) => {
        const reply = await transport.send(
          `/v1/${list}/${encodeURIComponent(id)}/history${buildQueryString({ limit: WALK_PAGE_SIZE, cursor, lang: options.lang ?? lang })}`,
          options,
        );
        const page = reply.body as { data: HistoryEntry[]; meta: CollectionMeta };
        return { data: page.data, datasetVersion: reply.datasetVersion, cursor: page.meta.cursor };
      });
      for await (const entry of pages) entries.push(entry);
      return entries;
    },
    get: (list, id, options) => resources[list].get(id, options) as never,
    facets: async (list, params = {}, options = {}) => {
      const reply = await transport.send(
        `/v1/facets/${list}${buildQueryString({ ...params, lang: options.lang ?? lang })}`,
        options,
      );
      const { data, meta } = reply.body as { data: never; meta: { total: number } };
      return { data, total: meta.total, datasetVersion: reply.datasetVersion };
    },
    search: async (text, options = {}) => {
      const { collections, limit } = options;
      const reply = await transport.send(
        `/v1/search${buildQueryString({ q: text, collections, limit, lang: options.lang ?? lang })}`,
        options,
      );
      const { data, meta } = reply.body as { data: SearchHit[]; meta: { total: number } };
      return { data, total: meta.total, datasetVersion: reply.datasetVersion };
    },
    stats: {
      list: (options = {}) => readData<Stat[]>(`/v1/stats${langQuery(lang, options)}`, options),
    },
    languages: (options) => readData<Language[]>('/v1/languages', options),
    meta: (options) => readData<Meta>('/v1/meta', options),
    status: (options) => readData<Status>('/v1/status', options),
    changes: (since, options) =>
      readData<ReleaseChange[]>(`/v1/changes${buildQueryString({ since })}`, options),
    changesFeedUrl: `${baseUrl}/v1/changes.atom`,
    bulk: {
      index: (options) => readData<BulkFileEntry[]>('/v1/bulk', options),
      sqlite: async (options) =>
        ((await transport.send('/v1/bulk', options)).body as { sqlite?: SqliteFile }).sqlite,
      download: async <C extends CollectionName>(collection: C, options: RequestOptions = {}) =>
        (
          await transport.send(
            `/v1/bulk/${encodeURIComponent(collection)}.json${langQuery(lang, options)}`,
            options,
          )
        ).body as Array<CollectionRecords[C]>,
    },
    sync: (state, options = {}) =>
      syncState(transport, state, options.collections, options.lang ?? lang, options),
    imageUrl: (icon) => `${baseUrl}/v1/img/${encodeURIComponent(icon)}.png`,
    image: async (icon, options = {}) =>
      (await transport.send(`/v1/img/${encodeURIComponent(icon)}.png`, options, true))
        .body as Uint8Array,
    get datasetVersion() {
      return state.datasetVersion;
    },
    get rateLimit() {
      return state.rateLimit;
    },
  };
}
