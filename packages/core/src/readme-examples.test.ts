import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from './http/app.js';
import { fixtureDataset } from './testing/fixture-dataset.js';
import README from '../README.md?raw';

/** The README's code block marked `<!-- readme-example: NAME -->`, its imports taken out. */
function example(name: string): string {
  const block = new RegExp(
    `<!-- readme-example: ${name} -->\\n+\`\`\`ts\\n([\\s\\S]*?)\`\`\``,
  ).exec(README)?.[1];
  if (block === undefined) throw new Error(`README.md has no example named ${name}`);
  return block.replace(/^import .*$/gm, '');
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

describe("the README's examples", () => {
  it('mount: the API under /gamedata of another Hono app, with that app’s middleware', async () => {
    const run = new AsyncFunction(
      'Hono',
      'createApp',
      'dataset',
      `${example('mount')}\nreturn { site, items };`,
    );
    const { site, items } = (await run(Hono, createApp, fixtureDataset())) as {
      site: Hono;
      items: Response;
    };
    expect([items.status, items.headers.get('x-served-by')]).toEqual([200, 'my-site']);
    expect(((await items.json()) as { meta: { count: number } }).meta.count).toBeGreaterThan(0);
    const root = await site.request('/gamedata');
    expect([root.status, root.headers.get('location'), root.headers.get('x-served-by')]).toEqual([
      302,
      '/gamedata/docs',
      'my-site',
    ]);
    const docs = await (await site.request('/gamedata/docs')).text();
    // Relative, so the page's link reaches /gamedata/v1/openapi.json from /gamedata/docs.
    expect(docs).toContain('<a href="v1/openapi.json">');
    const bulk = (await (await site.request('/gamedata/v1/bulk')).json()) as {
      data: Array<{ url: string }>;
    };
    for (const entry of bulk.data) expect(entry.url).toMatch(/^\/gamedata\/v1\/bulk\//);
  });
});
