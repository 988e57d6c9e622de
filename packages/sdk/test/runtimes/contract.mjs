/**
 * The client's contract as plain JavaScript over the built package, so that every runtime runs it as
 * it is (a browser, Bun, Deno): list, get, iterate and the typed errors against a live server. It
 * returns what it saw; the test holds that to the demo dataset.
 *
 * @example const seen = await checkContract(await import('@gamedata/sdk'), 'http://127.0.0.1:3000', key)
 */
export async function checkContract(sdk, baseUrl, apiKey) {
  const gd = sdk.createClient({ baseUrl, apiKey });
  const failureOf = (promise) =>
    promise.then(
      () => 'no error',
      (error) => ({
        notFound: error instanceof sdk.NotFoundError,
        badRequest: error instanceof sdk.BadRequestError,
        status: error.status,
        code: error.code,
      }),
    );
  const page = await gd.items.list({ limit: 10 });
  const walked = [];
  for await (const relic of gd.relics.iterate({ limit: 3 })) walked.push(relic.id);
  const png = await gd.image(page.data.find((item) => item.icon).icon);
  return {
    page: {
      ids: page.data.map((item) => item.id),
      meta: page.meta,
      datasetVersion: page.datasetVersion,
      rateLimit: [page.rateLimit.limit, page.rateLimit.policy, page.rateLimit.window],
    },
    record: await gd.items.get(page.data[3].id),
    walked,
    imageSignature: Array.from(png.slice(0, 8)),
    notFound: await failureOf(gd.items.get('no-such-item')),
    badRequest: await failureOf(gd.items.list({ rarity: 'mythic' })),
  };
}
