import type { RequestOptions } from './client-options.js';
import { BadRequestError, DatasetChangedError } from './errors.js';
import type { Ability, Follower, Item, Relic, ReleaseChange, Stat } from './generated/records.js';
import type { Transport } from './transport.js';

/** The record type of each collection. */
export interface CollectionRecords {
  items: Item;
  abilities: Ability;
  relics: Relic;
  followers: Follower;
  stats: Stat;
}

/** A collection of the dataset: one of the four lists, or the stat vocabulary. */
export type CollectionName = keyof CollectionRecords;

const COLLECTION_NAMES: readonly CollectionName[] = ['items', 'abilities', 'relics', 'followers', 'stats'];

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
} & { [C in CollectionName]?: Array<CollectionRecords[C]> };

/** Most records fetched by id (5 requests of 200) before one bulk download is the cheaper way. */
const MAX_BY_ID = 1000;
/** The ids filter's limit per request. */
const IDS_PER_REQUEST = 200;
/** A release landing mid-sync makes it start over; after this many tries it gives up. */
const ATTEMPTS = 3;

type AnyRecord = { id?: string; key?: string };
const keyOf = (record: AnyRecord) => (record.key ?? record.id) as string;

/** The ids to fetch again and to drop, net over every release after the client's version. */
function netChanges(releases: readonly ReleaseChange[], name: CollectionName) {
  const fetch = new Set<string>();
  const drop = new Set<string>();
  for (const { collections } of releases) {
    const { added, changed, removed } = collections[name];
    for (const id of [...added, ...changed]) {
      fetch.add(id);
      drop.delete(id);
    }
    for (const id of removed) {
      drop.add(id);
      fetch.delete(id);
    }
  }
  return { fetch: [...fetch], drop };
}

/** Records in list order: ids (stat keys) in code-unit order. */
const inListOrder = <T extends AnyRecord>(records: T[]) => records.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));

/**
 * Brings `state` to the current release with the fewest requests (`gd.sync`): none beyond asking what
 * changed when it is current; the changed records by id when few changed; a collection's bulk file
 * otherwise, or when the server no longer knows `state.version`; every bulk file when there is no state,
 * or one from another `baseUrl`; the bulk file of each collection in `collections` the state lacks.
 * All records come from one version: if a release lands meanwhile, it starts over. A state holds
 * records, not images: the releases' `sprites` changes are the caller's to act on (`gd.changes`).
 */
export async function syncState(transport: Transport, state: SyncState | undefined, collections: readonly CollectionName[] | undefined, options?: RequestOptions): Promise<SyncState> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await syncOnce(transport, state, collections, options);
    } catch (error) {
      if (!(error instanceof DatasetChangedError) || attempt === ATTEMPTS) throw error;
    }
  }
}

async function syncOnce(transport: Transport, given: SyncState | undefined, collections: readonly CollectionName[] | undefined, options?: RequestOptions): Promise<SyncState> {
  // Every collection the state holds, and any more asked for; all five when there is nothing to go by.
  const asked = collections ?? (given ? [] : COLLECTION_NAMES);
  const names = COLLECTION_NAMES.filter((name) => given?.[name] || asked.includes(name));
  const state = given?.baseUrl === transport.baseUrl ? given : undefined;
  let version: string | undefined;
  /** GETs `path`'s body, making sure every answer comes from the same version. */
  const read = async <T>(path: string): Promise<T> => {
    const reply = await transport.send(path, options);
    version ??= reply.datasetVersion;
    if (reply.datasetVersion !== version) throw new DatasetChangedError(version, reply.datasetVersion);
    return reply.body as T;
  };
  const download = (name: CollectionName) => read<AnyRecord[]>(`/v1/bulk/${name}.json`);

  const next: Record<string, unknown> = {};
  let releases: ReleaseChange[] | undefined;
  if (state) {
    try {
      releases = (await read<{ data: ReleaseChange[] }>(`/v1/changes?since=${encodeURIComponent(state.version)}`)).data;
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
    const { fetch, drop } = netChanges(releases, name);
    if (fetch.length === 0 && drop.size === 0) next[name] = held;
    else if (name === 'stats') next[name] = (await read<{ data: Stat[] }>('/v1/stats')).data;
    else if (fetch.length > MAX_BY_ID || fetch.length > held.length / 2) next[name] = await download(name);
    else {
      const byKey = new Map(held.map((record) => [keyOf(record), record]));
      for (const id of drop) byKey.delete(id);
      for (let i = 0; i < fetch.length; i += IDS_PER_REQUEST) {
        const ids = fetch.slice(i, i + IDS_PER_REQUEST).map(encodeURIComponent).join(',');
        for (const record of (await read<{ data: AnyRecord[] }>(`/v1/${name}?ids=${ids}&limit=${IDS_PER_REQUEST}`)).data) byKey.set(keyOf(record), record);
      }
      next[name] = inListOrder([...byKey.values()]);
    }
  }
  return { ...next, version: version ?? state?.version, baseUrl: transport.baseUrl } as SyncState;
}
