import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { readRelease, readUses } from '@gamedata/server-io/release';
import { copyDemoReleases, DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { runPublishDataset } from './support/publish-command.js';

const ORIGIN = 'http://api.test';

/** Publishes the export in `dir` into `releases` at 08:00 plus `hour` on 2026-12-01, forced. */
async function publish(dir: string, releases: string, hour: number): Promise<void> {
  const at = `2026-12-01T${String(8 + hour).padStart(2, '0')}:00:00Z`;
  const { code, stderr } = await runPublishDataset([
    '--from',
    dir,
    '--releases',
    releases,
    '--published',
    at,
    '--force',
  ]);
  expect(code, stderr).toBe(0);
}

/** Changes the first item's name, so that the next release differs in one record. */
async function renameFirstItem(dir: string, name: string): Promise<void> {
  const path = join(dir, 'items.json');
  const items = JSON.parse(await readFile(path, 'utf8')) as Array<{ name: string }>;
  (items[0] as { name: string }).name = name;
  await writeFile(path, JSON.stringify(items));
}

/** The feed a server of `releases` serves, as a feed reader parses it, and the app that serves it. */
async function servedFeed(releases: string) {
  const app = createApp({ dataset: (await readRelease(releases)).dataset });
  const get = (path: string) =>
    app.fetch(new Request(`${ORIGIN}${path}`), { clientIp: '203.0.113.41' });
  const text = await (await get('/v1/changes.atom')).text();
  return { get, text, feed: parseFeed(text) };
}

describe('/v1/changes.atom over releases published, rolled back and published again', () => {
  it('has an entry for each release served and one for the rollback, naming what it withdrew', async () => {
    const releases = await makeTempDir('releases');
    const dir = join(await makeTempDir('export'), 'dataset');
    await cp(DEMO_EXPORT_DIR, dir, {
      recursive: true,
      filter: (src) => !src.includes('node_modules'),
    });

    await publish(dir, releases, 0); // 2026-12-01.1
    await renameFirstItem(dir, 'Renamed Once');
    await publish(dir, releases, 1); // .2
    const use = await runPublishDataset(['use', '2026-12-01.1', '--releases', releases]);
    expect(use.code, use.stderr).toBe(0);
    await renameFirstItem(dir, 'Renamed Twice');
    await publish(dir, releases, 2); // .3, published after .1
    // .4 changes only an image.
    await cp(
      join(dir, 'sprites', 'follower.beast.1.png'),
      join(dir, 'sprites', 'follower.beast.2.png'),
    );
    await publish(dir, releases, 3);

    const [rollback] = await readUses(releases);
    expect(rollback).toMatchObject({
      version: '2026-12-01.1',
      replaced: '2026-12-01.2',
      after: '2026-12-01.2',
    });
    const { get, text, feed } = await servedFeed(releases);
    expect(feed.meta.type).toBe('atom');
    expect(feed.items.map((item) => item.title)).toEqual([
      'Release 2026-12-01.4',
      'Release 2026-12-01.3',
      'Release 2026-12-01.1 served again',
      'Release 2026-12-01.2',
      'Release 2026-12-01.1',
    ]);
    const [fourth, third, servedAgain, second, first] = feed.items;
    expect(fourth?.description).toBe('sprites: 1 changed (follower.beast.2)');
    expect(third?.description).toContain('items: 1 changed (Renamed Twice)');
    expect(servedAgain?.description).toBe(
      '2026-12-01.1 is served again in place of 2026-12-01.2. Withdrawn: 2026-12-01.2; a client that synced to one catches up with /v1/changes?since= its version.',
    );
    expect(servedAgain?.published?.toISOString()).toBe(rollback?.at);
    expect(second?.description).toContain('items: 1 changed (');
    expect(first?.description).toBe('The first release.');
    expect(feed.updated?.toISOString()).toBe(
      new Date(
        Math.max(Date.parse('2026-12-01T11:00:00Z'), Date.parse(rollback?.at ?? '')),
      ).toISOString(),
    );

    // Every link is a question /v1/changes answers: .2's, what a client that synced to it catches up with.
    for (const item of feed.items) {
      const link = new URL(item.url as string, `${ORIGIN}/v1/changes.atom`);
      const answer = await get(link.pathname + link.search);
      expect(answer.status, item.title ?? '').toBe(200);
    }
    expect(new URL(second?.url as string, `${ORIGIN}/v1/changes.atom`).search).toBe(
      '?since=2026-12-01.2',
    );

    // The same ids on every load, one per entry.
    const again = await servedFeed(releases);
    expect(again.text).toBe(text);
    const ids = feed.items.map((item) => item.id);
    expect(new Set(ids).size).toBe(5);

    // .2 deleted: /v1/changes no longer answers for it, and the feed no longer links to it.
    await rm(join(releases, '2026-12-01.2'), { recursive: true });
    const pruned = await servedFeed(releases);
    expect(pruned.feed.items.map((item) => item.title)).toEqual([
      'Release 2026-12-01.4',
      'Release 2026-12-01.3',
      'Release 2026-12-01.1',
    ]);
    for (const item of pruned.feed.items) {
      const link = new URL(item.url as string, `${ORIGIN}/v1/changes.atom`);
      expect((await pruned.get(link.pathname + link.search)).status, item.title ?? '').toBe(200);
    }
  });

  it('records no use of the release already current; use refuses a uses.json that is not one, naming it, and servers serve on', async () => {
    const releases = await copyDemoReleases();
    const same = await runPublishDataset(['use', '2026-11-22.1', '--releases', releases]);
    expect(same.code, same.stderr).toBe(0);
    expect(await readUses(releases)).toEqual([]);

    await writeFile(join(releases, 'uses.json'), '{"uses": [{"version": "2026-11-21.1"}]}');
    const message = `Dataset at ${releases} is invalid:\nuses.json: expected {"uses": [{"version", "at", "replaced", "after"}, …]} as pnpm publish-dataset use writes it`;
    // A server serves all the same: the file only feeds the feed, which then lists the ancestry.
    const { dataset } = await readRelease(releases);
    expect(dataset.history.served).toBeUndefined();
    const { feed } = await servedFeed(releases);
    expect(feed.items.map((item) => item.title)).toEqual([
      'Release 2026-11-22.1',
      'Release 2026-11-21.1',
    ]);
    const use = await runPublishDataset(['use', '2026-11-21.1', '--releases', releases]);
    expect({ code: use.code, stderr: use.stderr }).toEqual({
      code: 1,
      stderr: `${message}\nNothing was published.\n`,
    });
    expect(await readFile(join(releases, 'CURRENT'), 'utf8')).toBe('2026-11-22.1\n');
  });
});
