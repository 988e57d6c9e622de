// What users ask for most, as the benchmark loads it. Each scenario names the answer it expects, so a
// run that measured errors or the wrong answer fails instead of printing a figure.

/** The scenarios of the three-way comparison; ids are looked up in the served dataset. */
export async function comparedScenarios(origin) {
  const [first, second] = (await (await fetch(`${origin}/v1/items?limit=2`)).json()).data;
  const list = await fetch(`${origin}/v1/items?limit=50`);
  await list.arrayBuffer();
  return [
    { name: 'GET /v1/items?limit=50', path: '/v1/items?limit=50', status: 200 },
    // The same page in another language, and a record whose language Accept-Language picks: a
    // language other than the default should cost about what the default does.
    {
      name: 'GET /v1/items?limit=50&lang=de',
      path: '/v1/items?limit=50&lang=de',
      status: 200,
      localises: 'GET /v1/items?limit=50',
    },
    {
      name: 'one item, Accept-Language: fr-CH, fr;q=0.9',
      path: `/v1/items/${second.id}`,
      headers: { 'accept-language': 'fr-CH, fr;q=0.9' },
      status: 200,
      localises: 'one item',
    },
    {
      name: '?slot=head&rarity=legendary',
      path: '/v1/items?slot=head&rarity=legendary',
      status: 200,
    },
    { name: 'one item', path: `/v1/items/${first.id}`, status: 200 },
    { name: '?q=blade&limit=20', path: '/v1/items?q=blade&limit=20', status: 200 },
    {
      name: 'list, matching If-None-Match (304)',
      path: '/v1/items?limit=50',
      headers: { 'if-none-match': list.headers.get('etag') },
      status: 304,
    },
    { name: 'one sprite', path: `/v1/img/${first.icon}.png`, status: 200 },
    { name: 'GET /v1/stats', path: '/v1/stats', status: 200 },
    { name: 'unknown item (404)', path: '/v1/items/no-such-item', status: 404 },
    {
      name: '200 items, Accept-Encoding: br',
      path: '/v1/items?limit=200',
      headers: { 'accept-encoding': 'br' },
      status: 200,
    },
    {
      name: '200 items, Accept-Encoding: gzip',
      path: '/v1/items?limit=200',
      headers: { 'accept-encoding': 'gzip' },
      status: 200,
    },
  ];
}

/**
 * Throws unless a wrk run met the scenario: no socket errors, and 4xx only where the 404 is meant.
 * With `timeoutsAllowed` (a peer's run), requests past wrk's timeout are the peer's figure, counted
 * in `run.timeouts` and shown with it, not a failed run.
 */
export function checkRun(who, scenario, run, { timeoutsAllowed = false } = {}) {
  const expectedStatusErrors = scenario.status >= 400 ? run.requests : 0;
  const socketErrors = run.socketErrors - (timeoutsAllowed ? run.timeouts : 0);
  if (socketErrors > 0 || run.statusErrors !== expectedStatusErrors) {
    throw new Error(
      `${who}, "${scenario.name}": ${run.socketErrors} socket errors, ${run.statusErrors} answers ≥ 400 of ${run.requests}`,
    );
  }
}
