import { describe, expect, it } from 'vitest';
import { createApp, type Dataset } from '@gamedata/core';
import { demo, readExport } from '@gamedata/test-support/demo';
import { sendInProcess, type Send } from '@gamedata/test-support/send';

type Page = {
  data: Array<{ id: string }>;
  meta: { total: number; count: number; cursor?: string };
};

/** Follows meta.cursor from the first page to the last, collecting ids. */
async function walk(send: Send, path: string): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await send({
      path: cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path,
    });
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json<Page>();
    expect(page.meta.count).toBe(page.data.length);
    ids.push(...page.data.map((r) => r.id));
    totals.push(page.meta.total);
    cursor = page.meta.cursor;
    if (!cursor) return { ids, totals };
  }
  throw new Error('walk did not end');
}

const rawItems = await readExport<{ id: string; slot?: string; rarity: number }>('items.json');
const rawAbilities = await readExport<{ id: string }>('abilities.json');

function appFor(dataset: Dataset): Send {
  return sendInProcess(createApp({ dataset, rateLimitStore: { consume: async () => 1 } }));
}

describe('walking with cursors', () => {
  const send = appFor(demo);

  it.each([
    ['/v1/items?limit=7', rawItems.map((i) => i.id)],
    ['/v1/items?limit=200', rawItems.map((i) => i.id)],
    [
      '/v1/items?slot=head&limit=3',
      rawItems.filter((i) => i.slot?.toLowerCase() === 'head').map((i) => i.id),
    ],
    [
      '/v1/items?rarity=legendary&limit=10',
      rawItems.filter((i) => i.rarity === 4).map((i) => i.id),
    ],
    ['/v1/abilities?limit=9', rawAbilities.map((a) => a.id)],
  ])('%s returns every match exactly once, in id order', async (path, expected) => {
    const { ids, totals } = await walk(send, path);
    expect(ids).toEqual([...expected].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
  });

  it('lets the page size change between pages', async () => {
    const first = (await send({ path: '/v1/items?slot=head&limit=5' })).json<Page>();
    const next = (
      await send({ path: `/v1/items?slot=head&limit=20&cursor=${first.meta.cursor}` })
    ).json<Page>();
    const all = rawItems
      .filter((i) => i.slot === 'head')
      .map((i) => i.id)
      .sort();
    expect(next.data.map((r) => r.id)).toEqual(all.slice(5, 25));
  });

  it('refuses a cursor used with different filters', async () => {
    const first = (await send({ path: '/v1/items?slot=head&limit=5' })).json<Page>();
    const reply = await send({ path: `/v1/items?slot=chest&limit=5&cursor=${first.meta.cursor}` });
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('different filters') },
    });
  });

  it('refuses a cursor from another list', async () => {
    const first = (await send({ path: '/v1/items?limit=5' })).json<Page>();
    const reply = await send({ path: `/v1/abilities?limit=5&cursor=${first.meta.cursor}` });
    expect(reply.status).toBe(400);
  });

  it('accepts the same filters written differently', async () => {
    const first = (await send({ path: '/v1/items?slot=head&rarity=4&limit=1' })).json<Page>();
    const reply = await send({
      path: `/v1/items?rarity=LEGENDARY&slot=Head&limit=1&cursor=${first.meta.cursor}`,
    });
    expect(reply.status).toBe(200);
  });

  it('refuses a cursor from another dataset version, telling the caller to start again', async () => {
    const first = (await send({ path: '/v1/items?limit=5' })).json<Page>();
    const republished = appFor({ ...demo, meta: { ...demo.meta, version: '2026-12-01.1' } });
    const reply = await republished({ path: `/v1/items?limit=5&cursor=${first.meta.cursor}` });
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('start again') },
    });
  });
});
