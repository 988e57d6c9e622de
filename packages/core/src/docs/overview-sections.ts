import type { Dataset } from '../dataset/dataset.js';
import { CROSS_ORIGIN_RESOURCE_POLICY, NO_STORE, RATE_LIMIT_POLICIES } from '../policy/headers.js';
import type { TierDescription } from '../openapi/rate-limit-tiers.js';
import { BASE_URL_VARIABLE, SDK_SETUP } from './code-examples.js';
import { code, codeBlock, escapeHtml as e, section, table } from './html.js';
import type { Json } from './openapi-view.js';
import { listsInWords } from '../collections/registry.js';

const SHAPES = `// a list
{ "data": [ … ], "meta": { "total": …, "count": …, "cursor": "…" } }
// one record
{ "data": { … } }
// an error
{ "error": { "code": "not_found", "message": "…" } }`;

/** What the API is, the shapes it answers with, and where the machine-readable description lives. */
export function renderOverview(dataset: Dataset): string {
  const { version, published, license } = dataset.meta;
  return section(
    'overview',
    'Overview',
    `<p>Reference data for the game — ${e(listsInWords(dataset.registry))}, the stat vocabulary and PNG artwork — as JSON. Free, public and read-only: no signup, and a key is optional. This page describes dataset <strong>${e(version)}</strong>, published ${e(published)}. Data licence: ${e(license)}.</p>
<p>In the examples, ${code(`$${BASE_URL_VARIABLE}`)} stands for this API's address: the part of this page's address before ${code('/docs')}. The same description, machine-readable, is <a href="v1/openapi.json">${code('/v1/openapi.json')}</a> (OpenAPI 3.1, generated from the schemas that shape every response).</p>
${codeBlock('Response shapes', SHAPES)}
<p>Every endpoint answers ${code('GET')} and ${code('HEAD')} (headers only). ${code('OPTIONS')} is the CORS preflight (204); any other method is a 405 with an ${code('allow')} header. Every response carries ${code('access-control-allow-origin: *')}, so browser apps on any origin can call the API and read ${code('etag')}, ${code('x-dataset-version')}, the ${code('ratelimit-*')} headers, ${code('ratelimit')} and ${code('ratelimit-policy')}, ${code('retry-after')}, ${code('x-request-id')}, and the deprecation notice (${code('deprecation')}, ${code('link')}, ${code('sunset')}; see <a href="#deprecations">Deprecations</a>). Quote ${code('x-request-id')} when you report a problem. Every response also carries ${code(`cross-origin-resource-policy: ${CROSS_ORIGIN_RESOURCE_POLICY}`)}: a page isolated with ${code('Cross-Origin-Embedder-Policy: require-corp')} can show the artwork and load any answer.</p>
<p>A typed client for TypeScript and JavaScript is published as ${code('@gamedata/sdk')}:</p>
${codeBlock('TypeScript', SDK_SETUP)}`,
  );
}

/** Keys and the three tiers, from the document's `x-rate-limit-tiers`. */
export function renderKeysAndTiers(tiers: TierDescription[]): string {
  const rows = tiers.map((t) => [
    code(t.name),
    String(t.limit),
    `${t.windowSeconds} s`,
    e(t.keyedOn),
    e(t.appliesTo),
  ]);
  return section(
    'keys',
    'Keys and tiers',
    `<p>No key is needed. An optional key moves you from the anonymous tier to the community tier — a higher limit counted per key rather than per address — and unlocks no extra data. Keys are issued by the operator on request and look like ${code('gd_')} followed by 36 letters and digits.</p>
${codeBlock('curl', `curl -i -H "Authorization: Bearer $GAMEDATA_KEY" "$${BASE_URL_VARIABLE}/v1/meta"`)}
<p>${code('?key=<key>')} also works but is <a href="#deprecations">deprecated</a>: a key in a URL leaks into browser history, Referer headers and request logs, and answers to such requests say so in ${code('Deprecation')}. An unknown or revoked key is treated as anonymous, never as an error — check ${code('ratelimit-limit')} to see which tier you got.</p>
${table(['Tier', 'Limit', 'Window', 'Counted per', 'Applies to'], rows)}`,
  );
}

const BACK_OFF = `const res = await fetch(url, { headers: { authorization: \`Bearer \${key}\` } });
if (res.status === 429) {
  const seconds = Number(res.headers.get('retry-after'));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  // …then send the request again, once.
}`;

/** The rate-limit headers and how to back off. */
export function renderRateLimits(): string {
  return section(
    'rate-limits',
    'Rate limits and backing off',
    `<p>Windows are fixed and aligned to the clock. Every response carries ${code('ratelimit-limit')} (your tier's limit), ${code('ratelimit-remaining')} (a best-effort hint: limits are enforced across every instance of the service) and ${code('ratelimit-reset')} (whole seconds until the window rolls over).</p>
<p>The same state comes in the IETF fields (draft-ietf-httpapi-ratelimit-headers-11) that generic clients and gateways read: ${code(`ratelimit-policy: ${RATE_LIMIT_POLICIES.anonymous}`)} names your tier, its limit and its window in seconds, and ${code('ratelimit: "anonymous";r=41;t=17')} the requests left and the seconds until the window rolls over. Which tier you get depends on your key, so every answer counted against the anonymous or community tier carries ${code('vary: authorization')}: a browser cache never hands a keyed request an anonymous answer.</p>
<p>Past the limit the answer is ${code('429')} with code ${code('rate_limited')} and ${code('retry-after')} in whole seconds. Wait that long, then try again: retrying at once only spends the next window. A 429 is ${code(NO_STORE)}, so no cache replays it. CORS preflights are not counted. The SDK waits out ${code('retry-after')} by itself.</p>
${codeBlock('JavaScript', BACK_OFF)}`,
  );
}

/** The tiers as the document lists them. */
export function readTiers(doc: Json): TierDescription[] {
  return (doc['x-rate-limit-tiers'] as TierDescription[] | undefined) ?? [];
}
