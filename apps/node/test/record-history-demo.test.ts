import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { collectionOf, createApp, type Dataset } from '@gamedata/core';
import { listReleases, readRelease } from '@gamedata/server-io/release';
import { DEMO_RELEASES_DIR } from '@gamedata/test-support/demo';
import { sendInProcess } from '@gamedata/test-support/send';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/**
 * The demo's record histories, checked against the stored releases themselves: each release's
 * answer for every record in every language, compared release by release here, without the code that
 * wrote the histories. Each history names exactly the releases whose answer changed (not merely
 * reordered) and its fields are exactly the difference: every `from` is what the release before
 * served at that path, every `to` what the release served, and nothing else differs.
 */
type Json = Record<string, unknown>;
interface Field {
  path: string;
  from?: unknown;
  to?: unknown;
}
interface Entry {
  version: string;
  published: string;
  change: string;
  fields: Field[];
}

const versions = await listReleases(DEMO_RELEASES_DIR);
const releases = await Promise.all(
  versions.map(async (version) => (await readRelease(DEMO_RELEASES_DIR, version)).dataset),
);
const current = releases.at(-1) as Dataset;
const lists = current.registry.lists.map(({ name }) => name);
const tags = [current.language, ...Object.keys(current.translations)];
const sendTo = (dataset: Dataset) =>
  sendInProcess(createApp({ dataset, rateLimitStore: { consume: async () => 1 } }));

/** Where a path leads: a field, then members (`.name`) and elements (`[n]`, `[stat]` of `stats`). */
function segments(path: string): string[] {
  return [...path.matchAll(/([^.[\]]+)|\[([^\]]+)\]/g)].map((match) => match[1] ?? `[${match[2]}`);
}

/** The container and key a path's last segment names in `record`, found by the segments before it. */
function locate(record: Json, path: string): { holder: unknown; key: string | number } {
  const parts = segments(path);
  let holder: unknown = record;
  let field = '';
  const keyOf = (container: unknown, part: string): string | number => {
    if (!part.startsWith('[')) return part;
    const inner = part.slice(1);
    if (field !== 'stats' || !Array.isArray(container)) return Number(inner);
    // `stats[mgt]`, `stats[mgt#2]`: the nth element of that stat.
    const [stat, nth = '1'] = inner.split('#');
    let seen = 0;
    const at = container.findIndex(
      (element) => (element as Json).stat === stat && ++seen === Number(nth),
    );
    return at < 0 ? container.length : at;
  };
  parts.slice(0, -1).forEach((part, depth) => {
    if (depth === 0) field = part;
    const key = keyOf(holder, part);
    holder = (holder as Record<string | number, unknown>)[key];
  });
  if (parts.length === 1) field = parts[0] as string;
  return { holder, key: keyOf(holder, parts.at(-1) as string) };
}

const valueAt = (record: Json, path: string) => {
  const { holder, key } = locate(record, path);
  return (holder as Record<string | number, unknown> | undefined)?.[key];
};

/** `record` with each field's `to` put in (removed where it has none), removals from the end. */
function apply(record: Json, fields: readonly Field[]): Json {
  const copy = structuredClone(record);
  for (const field of fields.filter((f) => 'to' in f)) {
    const { holder, key } = locate(copy, field.path);
    (holder as Record<string | number, unknown>)[key] = field.to;
  }
  for (const field of fields.filter((f) => !('to' in f)).reverse()) {
    const { holder, key } = locate(copy, field.path);
    if (Array.isArray(holder)) holder.splice(key as number, 1);
    else delete (holder as Json)[key];
  }
  return copy;
}

/** A record with keys in order and `stats` in stat order: equal for two records that differ only in order. */
function canonical(value: unknown, field = ''): unknown {
  if (Array.isArray(value)) {
    const elements = value.map((element) => canonical(element));
    return field === 'stats'
      ? elements.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      : elements;
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Json)[key], key)]),
  );
}

describe("the demo's record histories", async () => {
  const senders = releases.map(sendTo);
  const served = async (release: number, path: string) => {
    const reply = await senders[release]!({ path });
    return reply.status === 200 ? reply.json<{ data: Json }>().data : null;
  };
  const ids = new Map(
    lists.map((list) => [
      list,
      [...new Set(releases.flatMap((dataset) => [...collectionOf(dataset, list).ids]))],
    ]),
  );

  it('name exactly the releases and fields that changed each record, in every language', async () => {
    let checked = 0;
    let changed = 0;
    for (const list of lists)
      for (const id of ids.get(list)!)
        for (const tag of tags) {
          const states = await Promise.all(
            releases.map((_, at) => served(at, `/v1/${list}/${id}?lang=${tag}`)),
          );
          const reply = await senders.at(-1)!({
            path: `/v1/${list}/${id}/history?lang=${tag}&limit=200`,
          });
          expect(reply.status).toBe(200);
          const entries = reply.json<{ data: Entry[] }>().data.slice().reverse();
          const expected: Array<Omit<Entry, 'fields'>> = [];
          let seen = false;
          states.forEach((after, at) => {
            const before = at === 0 ? null : states[at - 1]!;
            const { version, published } = releases[at]!.meta;
            if (
              before &&
              after &&
              JSON.stringify(canonical(before)) === JSON.stringify(canonical(after))
            )
              return;
            if (!before && !after) return;
            const change = !before ? (seen ? 'restored' : 'added') : !after ? 'removed' : 'changed';
            expected.push({ version, published, change });
            if (after) seen = true;
          });
          expect(
            entries.map(({ fields: _, ...entry }) => entry),
            `${list} ${id} ${tag}`,
          ).toEqual(expected);
          for (const entry of entries) {
            const at = versions.indexOf(entry.version);
            const [before, after] = [states[at - 1] ?? null, states[at]!];
            if (entry.change !== 'changed') {
              expect(entry.fields).toEqual([]);
              continue;
            }
            changed++;
            for (const field of entry.fields) {
              expect(valueAt(before!, field.path), field.path).toEqual(field.from);
              expect(valueAt(after!, field.path), field.path).toEqual(field.to);
            }
            expect(canonical(apply(before!, entry.fields)), `${list} ${id} ${tag}`).toEqual(
              canonical(after),
            );
          }
          checked++;
        }
    expect(checked).toBeGreaterThan(4000);
    expect(changed).toBeGreaterThan(20);
  });

  it("are the SQLite file's record_history table, row for row", async () => {
    const dir = await makeTempDir('sqlite');
    const copy = join(dir, 'demo.sqlite');
    await copyFile(
      join(DEMO_RELEASES_DIR, current.meta.version, `gamedata-${current.meta.version}.sqlite`),
      copy,
    );
    const db = new sqlite.Database(copy, { readOnly: true });
    const rows = db.all(
      'SELECT collection, id, position, version, published, change, fields FROM record_history ORDER BY collection, id, position',
    ) as unknown as Array<{ collection: string; id: string; position: number; fields: string }>;
    db.close();
    const expected: unknown[] = [];
    for (const list of [...lists].sort())
      for (const id of ids.get(list)!.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
        const reply = await senders.at(-1)!({ path: `/v1/${list}/${id}/history?limit=200` });
        reply
          .json<{ data: Entry[] }>()
          .data.forEach((entry, position) =>
            expected.push({ collection: list, id, position, ...entry }),
          );
      }
    expect(rows.map((row) => ({ ...row, fields: JSON.parse(row.fields) }))).toEqual(expected);
  });

  it('serve every record as each release served it, byte for byte, in every language', async () => {
    for (const [at, version] of versions.entries())
      for (const list of lists)
        for (const id of ids.get(list)!)
          for (const tag of tags) {
            const path = `/v1/${list}/${id}?lang=${tag}`;
            const then = await senders[at]!({ path });
            const now = await senders.at(-1)!({ path: `${path}&at=${version}` });
            expect(now.status, `${path} at ${version}`).toBe(then.status);
            if (then.status === 200)
              expect(
                Buffer.from(now.bytes).equals(Buffer.from(then.bytes)),
                `${path} at ${version}`,
              ).toBe(true);
          }
  });
});

describe('/v1/changes?include=records: one request to sync', async () => {
  const send = sendTo(current);
  const first = releases[0] as Dataset;
  const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const keyOf = (record: Json) => (record.key ?? record.id) as string;

  it('brings a copy of the first release, in every language, to exactly the current bulk files', async () => {
    for (const tag of tags) {
      const lang = tag === current.language ? '' : `&lang=${tag}`;
      const bulk = async (dataset: Dataset, name: string) =>
        (await sendTo(dataset)({ path: `/v1/bulk/${name}.json${lang.replace('&', '?')}` })).json<
          Json[]
        >();
      const names = [...lists, 'stats'];
      const held = new Map<string, Map<string, Json>>();
      for (const name of names)
        held.set(name, new Map((await bulk(first, name)).map((record) => [keyOf(record), record])));
      let cursor: string | undefined;
      let pages = 0;
      do {
        const reply = await send({
          path: `/v1/changes?since=${first.meta.version}&include=records&limit=40${lang}${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(reply.status, reply.text).toBe(200);
        const body = reply.json<{
          data: Array<{ collections: Record<string, { removed: string[] }> }>;
          included: Record<string, Json[]>;
          meta: { cursor?: string; included: number };
        }>();
        if (pages === 0)
          for (const entry of body.data)
            for (const name of names)
              for (const id of entry.collections[name]!.removed) held.get(name)!.delete(id);
        for (const name of names)
          for (const record of body.included[name]!) held.get(name)!.set(keyOf(record), record);
        cursor = body.meta.cursor;
        pages++;
      } while (cursor);
      expect(pages, tag).toBeGreaterThan(1);
      for (const name of names) {
        const synced = [...held.get(name)!.values()].sort((a, b) =>
          codeUnitOrder(keyOf(a), keyOf(b)),
        );
        const now = (await bulk(current, name)).sort((a, b) => codeUnitOrder(keyOf(a), keyOf(b)));
        expect(JSON.stringify(synced), `${name} ${tag}`).toBe(JSON.stringify(now));
      }
    }
  });

  it('answers without include as it always did, and refuses another include or a cursor of another question', async () => {
    const plain = await send({ path: `/v1/changes?since=${first.meta.version}` });
    expect(Object.keys(plain.json<object>())).toEqual(['data', 'meta']);
    expect(
      (await send({ path: `/v1/changes?since=${first.meta.version}&include=ids` })).status,
    ).toBe(400);
    const page = (
      await send({ path: `/v1/changes?since=${first.meta.version}&include=records&limit=1` })
    ).json<{ meta: { cursor: string } }>();
    const other = versions[1];
    expect(
      (
        await send({
          path: `/v1/changes?since=${other}&include=records&cursor=${page.meta.cursor}`,
        })
      ).status,
    ).toBe(400);
  });
});
