// A consumer's CommonJS program, typechecked and run by consumer.test.ts against the installed tarball.
import { createClient, GameDataError, NotFoundError, type Item, type Page } from '@gamedata/sdk';

async function main(): Promise<void> {
  const [baseUrl = 'http://127.0.0.1:3000', apiKey] = process.argv.slice(2);
  const gd = createClient({ baseUrl, apiKey });

  const meta = await gd.meta();
  const page: Page<Item> = await gd.items.list({ rarity: 'legendary', limit: 5 });
  let walked = 0;
  for await (const item of gd.items.iterate()) if (item.id) walked++;
  const first: Item = await gd.items.get(page.data[0]?.id ?? '');
  const missing = await gd.items.get('no-such-item').catch((error: unknown) => error);
  const png = await gd.image(first.icon ?? '');

  console.log(
    JSON.stringify({
      entry: require.resolve('@gamedata/sdk'),
      version: meta.version,
      counted: meta.counts.items,
      walked,
      legendary: page.data.every((item) => item.rarity === 4),
      limit: page.rateLimit?.limit,
      notFound:
        missing instanceof NotFoundError &&
        missing instanceof GameDataError &&
        missing.status === 404,
      pngBytes: png.byteLength,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
