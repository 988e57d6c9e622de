import type { BlockCodec, Section, SectionAt } from '../dataset/record-blocks.js';
import type { ReleaseUse } from '../dataset/release-history.js';
import type {
  HistoryRelease,
  ListHistory,
  RecordHistory,
  RecordTimeline,
} from './record-history.js';

/**
 * A release's record history as its file keeps it (`writeSnapshot`):
 *
 *   record-history          JSON: every release published, `[version, published, previous]`, in order,
 *                           and every use made before it, `[version, at, replaced, after]`
 *   record-history/<list>   block 0: deflated JSON of the list's index — `since` per record of the
 *                           release, the ids with a stored timeline (ascending) and where each lies,
 *                           `[block, offset, length]`; then blocks of about `HISTORY_BLOCK_BYTES` of
 *                           timelines as JSON, back to back, each deflated
 *
 * A history is read when a request first asks for one: the index of a list once, a block of
 * timelines each time one of its records is asked for (small, so that an ever-new record costs a
 * small inflate, and nothing stays in memory). Why 4 KiB: bench/README.md, "Record history blocks".
 */
export const HISTORY_BLOCK_BYTES = 4 * 1024;

interface TimelineSection {
  /** Whether the lists' blocks are deflated: a writer without a codec (a test's) stores them as they are. */
  deflated: boolean;
  releases: Array<[version: string, published: string, previous: string | null]>;
  uses: Array<[version: string, at: string, replaced: string, after: string]>;
}

interface ListIndex {
  since: number[];
  stored: string[];
  at: Array<[block: number, offset: number, length: number]>;
}

/** The `record-history` section's bytes. */
export function encodeHistoryTimeline(history: RecordHistory, deflated: boolean): Uint8Array {
  const section: TimelineSection = {
    deflated,
    releases: history.releases.map(({ version, published, previous }) => [
      version,
      published,
      previous,
    ]),
    uses: history.uses.map(({ version, at, replaced, after }) => [version, at, replaced, after]),
  };
  return new TextEncoder().encode(JSON.stringify(section));
}

/**
 * A list's `record-history/<list>` section: its parts (the index, then the blocks of timelines), each
 * a block of the section.
 */
export function encodeListHistory(
  list: ListHistory,
  deflate: BlockCodec['deflate'] = (bytes) => bytes,
): Uint8Array[] {
  const encoder = new TextEncoder();
  const blocks: Uint8Array[] = [];
  const at: ListIndex['at'] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    const joined = new Uint8Array(pendingBytes);
    let offset = 0;
    for (const part of pending) {
      joined.set(part, offset);
      offset += part.length;
    }
    blocks.push(deflate(joined));
    pending = [];
    pendingBytes = 0;
  };
  for (const id of list.stored) {
    const json = encoder.encode(JSON.stringify(list.timeline(id)));
    at.push([blocks.length + 1, pendingBytes, json.length]);
    pending.push(json);
    pendingBytes += json.length;
    if (pendingBytes >= HISTORY_BLOCK_BYTES) flush();
  }
  if (pending.length > 0) flush();
  const index: ListIndex = { since: Array.from(list.since), stored: [...list.stored], at };
  return [deflate(encoder.encode(JSON.stringify(index))), ...blocks];
}

/** Where a list's section lies: its offset, each block's length and CRC-32. */
export interface ListHistorySection {
  offset: number;
  blocks: ReadonlyArray<readonly [records: number, length: number, crc32?: number]>;
}

/**
 * A release's record history, read from its sections as requests need it (see `HISTORY_BLOCK_BYTES`).
 * `timeline` is the `record-history` section; `lists` gives each list's section.
 */
export function decodeRecordHistory(
  timeline: Section,
  lists: (name: string) => { section: ListHistorySection; at: SectionAt } | undefined,
  codec: BlockCodec | undefined,
): RecordHistory {
  const decoder = new TextDecoder();
  let read:
    { releases: HistoryRelease[]; uses: ReleaseUse[]; inflate: BlockCodec['inflate'] } | undefined;
  const parsed = () => {
    if (read) return read;
    const raw = JSON.parse(decoder.decode(timeline())) as TimelineSection;
    const inflate = raw.deflated
      ? (codec?.inflate ??
        (() => {
          throw new Error('record histories are deflated: read the release file with a codec');
        }))
      : (bytes: Uint8Array) => bytes;
    read = {
      inflate,
      releases: raw.releases.map(([version, published, previous]) => ({
        version,
        published,
        previous,
      })),
      uses: raw.uses.map(([version, at, replaced, after]) => ({ version, at, replaced, after })),
    };
    return read;
  };
  const opened = new Map<string, ListHistory>();
  const open = (name: string): ListHistory => {
    const found = lists(name);
    if (!found) throw new Error(`dataset snapshot is corrupt: it has no record history of ${name}`);
    const { section, at: sectionAt } = found;
    let offset = section.offset;
    const blocks = section.blocks.map(([, length, crc]) => {
      const bytes = sectionAt(offset, length, crc);
      offset += length;
      return bytes;
    });
    const { inflate } = parsed();
    const index = JSON.parse(decoder.decode(inflate((blocks[0] as Section)()))) as ListIndex;
    const position = new Map(index.stored.map((id, at) => [id, at]));
    // The block read last, inflated: a walk in id order (a publish, a check) reads each block once;
    // a request for one record keeps no more than one small block.
    let last: { block: number; bytes: Uint8Array } | undefined;
    return {
      since: index.since,
      stored: index.stored,
      timeline(id) {
        const at = position.get(id);
        if (at === undefined) return undefined;
        const [block, start, length] = index.at[at] as ListIndex['at'][number];
        if (last?.block !== block)
          last = { block, bytes: inflate((blocks[block] as Section)(false)) };
        const inflated = last.bytes;
        return JSON.parse(
          decoder.decode(inflated.subarray(start, start + length)),
        ) as RecordTimeline;
      },
    };
  };
  return {
    get releases() {
      return parsed().releases;
    },
    get uses() {
      return parsed().uses;
    },
    list(name) {
      let list = opened.get(name);
      if (!list) opened.set(name, (list = open(name)));
      return list;
    },
  };
}
