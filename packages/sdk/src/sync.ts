import type { RequestOptions } from './client-options.js';
import { BadRequestError, DatasetChangedError, NotFoundError } from './errors.js';
import { idBatches, IDS_PER_REQUEST } from './id-batches.js';
import { LIST_NAMES, RARITY_NAMED_LISTS, type ListsByName } from './generated/list-params.js';
import type { ReleaseChange, Stat } from './generated/records.js';
import type { Transport } from './transport.js';

/** The record type of each collection: each list's (`items`: `Item`), and the stats'. */
export type CollectionRecords = { [L in keyof ListsByName]: ListsByName[L]['record'] } & {
  stats: Stat;
};

/** A collection of the dataset: one of the lists, or the stat vocabulary. */
export type CollectionName = keyof CollectionRecords;

const COLLECTION_NAMES: readonly CollectionName[] = [...LIST_NAMES, 'stats'];

/**
 * What a client holds of the dataset: the version it is at, the API it came from and, for each
 * collection it keeps, every record of that version. `gd.sync` takes one and gives the next.
 */
export type SyncState = {
  version: string;
  /**
   * The `baseUrl` of the client that synced it. Two deployments can serve the same version with
   * different records, so a state from another API — or one that does not say (made by hand, or by
   * an older client) — is downloaded afresh rather than trusted.
   */
  baseUrl?: string;
  /**
   * The language its records' text is in, when one was asked for (`lang`); absent for the server's
   * default. A state in another language than the one asked for is downloaded afresh.
   */
  language?: string;
} & { [C in CollectionName]?: Array<CollectionRecords[C]> };

/** Most records fetched by id (5 requests of 200) before one bulk download is the cheaper way. */
const MAX_BY_ID = 1000;
/** A release landing mid-sync makes it start over; after this many tries it gives up. */
const ATTEMPTS = 3;

type AnyRecord = { id?: string; key?: string };

/** `/v1/changes?include=records`: the entries, and a page of the records they added or changed. */
interface ChangesWithRecords {
  data: ReleaseChange[];
  /** Absent from a server that does not include records. */
  included?: Record<string, AnyRecord[]>;
  meta: { cursor?: string; included?: number };
}
const keyOf = (record: AnyRecord) => (record.key ?? record.id) as string;

/**
 * A language tag as the server names languages (`DE` is `de`), so that it matches the tags of
 * `/v1/changes`; one that is not a tag is left for the server to refuse.
 */
function canonicalTag(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}

/** Collections whose records show a rarity name, which a language's new rarity names change. */
const RARITY_NAMED: ReadonlySet<CollectionName> = new Set(RARITY_NAMED_LISTS);

/**
 * The ids to fetch again and to drop, net over every release after the client's version; in a
 * language, a record whose translation changed — added, changed, or removed (it falls back to the
 * default text) — is fetched again too. `all` when the language's rarity names changed and the
 * collection shows them: every record changed.
 */
function netChanges(
  releases: readonly ReleaseChange[],
  name: CollectionName,
  language: string | undefined,
) {
  const fetch = new Set<string>();
  const drop = new Set<string>();
  let all = false;
  for (const { collections, translations } of releases) {
    const { added, changed, removed } = collections[name];
    const translated = language === undefined ? undefined : translations?.[language];
    const retranslated = translated?.collections[name];
    all ||= Boolean(translated?.rarities) && RARITY_NAMED.has(name);
    for (const id of [
      ...added,
      ...changed,
      ...(retranslated
        ? [...retranslated.added, ...retranslated.changed, ...retranslated.removed]
        : []),
    ]) {
      fetch.add(id);
      drop.delete(id);
    }
    for (const id of removed) {
      drop.add(id);
      fetch.delete(id);
    }
  }
  return { fetch: [...fetch], drop, all };
}

/** Records in list order: ids (stat keys) in code-unit order. */
const inListOrder = <T extends AnyRecord>(records: T[]) =>
  records.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));

/**
 * Brings `state` to the current release with the fewest requests (`gd.sync`): one when it is current,
 * and when up to 1000 records changed — what changed and the changed records come in the same answer
 * (`include=records`, a page per 200 records); from a server that sends no records, the changed
 * records by id when few changed; a collection's bulk file otherwise, or when the server no longer knows `state.version`; every bulk file when there is no state,
 * or one from another `baseUrl`; the bulk file of each collection in `collections` the state lacks.
 * All records come from one version: if a release lands meanwhile, it starts over. A state holds
 * records, not images: the releases' `sprites` changes are the caller's to act on (`gd.changes`).
 */
export async function syncState(
  transport: Transport,
  state: SyncState | undefined,
  collections: readonly CollectionName[] | undefined,
  language: string | undefined,
  options?: RequestOptions,
): Promise<SyncState> {
  const tag = language === undefined ? undefined : canonicalTag(language);
  for (let attempt = 1; ; attempt++) {
    try {
      return await syncOnce(transport, state, collections, tag, options);
    } catch (error) {
      if (!(error instanceof DatasetChangedError) || attempt === ATTEMPTS) throw error;
    }
  }
}

async function syncOnce(
  transport: Transport,
  given: SyncState | undefined,
  collections: readonly CollectionName[] | undefined,
  language: string | undefined,
  options?: RequestOptions,
): Promise<SyncState> {
  // Every collection the state holds, and any more asked for; all five when there is nothing to go by.
  const asked = collections ?? (given ? [] : COLLECTION_NAMES);
  const names = COLLECTION_NAMES.filter((name) => given?.[name] || asked.includes(name));
  // A state of another API, or of another language, holds nothing this one can bring up to date.
  const state =
    given?.baseUrl === transport.baseUrl && given.language === language ? given : undefined;
  let version: string | undefined;
  /**
   * The language of the answers: the one asked for, else the dataset's default, as the first answer
   * names it (`/v1/changes` and a bulk file without `lang` are in it). Records are then asked for in it
   * by name, so a runtime that sends Accept-Language of its own (a browser) cannot mix in another.
   */
  let answering = language;
  const withLang = (path: string) =>
    answering === undefined
      ? path
      : `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(answering)}`;
  /** GETs `path`'s body, making sure every answer comes from the same version. */
  const read = async <T>(path: string): Promise<T> => {
    const reply = await transport.send(path, options);
    version ??= reply.datasetVersion;
    if (reply.datasetVersion !== version)
      throw new DatasetChangedError(version, reply.datasetVersion);
    answering ??= reply.contentLanguage?.split(',')[0];
    return reply.body as T;
  };
  /** Every record of a collection, as read page by page: for a release with no bulk files in the language. */
  const readPages = async (name: CollectionName): Promise<AnyRecord[]> => {
    if (name === 'stats') return (await read<{ data: AnyRecord[] }>(withLang('/v1/stats'))).data;
    const records: AnyRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await read<{ data: AnyRecord[]; meta: { cursor?: string } }>(
        withLang(
          `/v1/${name}?limit=${IDS_PER_REQUEST}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        ),
      );
      records.push(...page.data);
      cursor = page.meta.cursor;
    } while (cursor);
    return records;
  };
  /** A collection's bulk file in the language; page by page from a release published before files per language. */
  const download = async (name: CollectionName) => {
    try {
      return await read<AnyRecord[]>(
        language === undefined ? `/v1/bulk/${name}.json` : withLang(`/v1/bulk/${name}.json`),
      );
    } catch (error) {
      if (language === undefined || !(error instanceof NotFoundError)) throw error;
      return readPages(name);
    }
  };

  const next: Record<string, unknown> = {};
  let releases: ReleaseChange[] | undefined;
  /** The records the releases added or changed, by collection, every page of them; absent when too many (or from a server that sends none). */
  let included: Record<string, AnyRecord[]> | undefined;
  if (state) {
    const changes = (cursor?: string) =>
      read<ChangesWithRecords>(
        `/v1/changes?since=${encodeURIComponent(state.version)}&include=records&limit=${IDS_PER_REQUEST}${
          language === undefined ? '' : `&lang=${encodeURIComponent(language)}`
        }${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
    try {
      const first = await changes();
      releases = first.data;
      // A few pages of them cost less than a download; more, and the collections are fetched as before.
      if (first.included && (first.meta.included ?? 0) <= MAX_BY_ID) {
        included = { ...first.included };
        for (let cursor = first.meta.cursor; cursor !== undefined;) {
          const page = await changes(cursor);
          for (const [name, records] of Object.entries(page.included ?? {}))
            included[name] = [...(included[name] ?? []), ...records];
          cursor = page.meta.cursor;
        }
      }
    } catch (error) {
      // A version the server does not know (or no longer keeps the changes from): start afresh.
      if (!(error instanceof BadRequestError)) throw error;
      version = undefined;
    }
    if (releases?.length === 0 && names.every((name) => state[name])) return state;
  }
  for (const name of names) {
    const held = state?.[name] as AnyRecord[] | undefined;
    if (!releases || !held) {
      next[name] = await download(name);
      continue;
    }
    const { fetch, drop, all } = netChanges(releases, name, language);
    if (fetch.length === 0 && drop.size === 0 && !all) next[name] = held;
    else if (fetch.length > held.length / 2 || (!included && (all || fetch.length > MAX_BY_ID)))
      next[name] = await download(name);
    else if (included) {
      const byKey = new Map(held.map((record) => [keyOf(record), record]));
      for (const id of drop) byKey.delete(id);
      for (const record of included[name] ?? []) byKey.set(keyOf(record), record);
      next[name] = inListOrder([...byKey.values()]);
    } else if (name === 'stats')
      next[name] = (await read<{ data: Stat[] }>(withLang('/v1/stats'))).data;
    else {
      const byKey = new Map(held.map((record) => [keyOf(record), record]));
      for (const id of drop) byKey.delete(id);
      for (const ids of idBatches(fetch)) {
        for (const record of (
          await read<{ data: AnyRecord[] }>(
            withLang(`/v1/${name}?ids=${ids}&limit=${IDS_PER_REQUEST}`),
          )
        ).data)
          byKey.set(keyOf(record), record);
      }
      next[name] = inListOrder([...byKey.values()]);
    }
  }
  return {
    ...next,
    version: version ?? state?.version,
    baseUrl: transport.baseUrl,
    ...(language === undefined ? {} : { language }),
  } as SyncState;
}
