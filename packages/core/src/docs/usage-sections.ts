import type { Registry } from '../collections/registry.js';
import { listFilters } from '../collections/descriptor.js';
import { distinctValues } from '../collections/distinct-values.js';
import type { ListFilter } from '../collections/filters.js';
import type { Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import { IMAGE_CACHE_CONTROL, JSON_CACHE_CONTROL, NO_STORE } from '../policy/headers.js';
import { makeWeakEtag } from '../etag.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { BASE_URL_VARIABLE } from './code-examples.js';
import { code, codeBlock, inlineMarkdown as md, section, table } from './html.js';
import { firstExample, listOperations, type Json } from './openapi-view.js';

const base = `$${BASE_URL_VARIABLE}`;

/** `a`, `a and b`, `a, b and c`. */
function joinNames(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The rule of every kind of filter, once, naming the parameters of every list that follow it; kinds
 * in the order the lists first use them.
 */
function describeFilterRules(registry: Registry): string {
  const filters = registry.lists.flatMap((descriptor): readonly ListFilter[] =>
    listFilters(descriptor),
  );
  const kinds = [...new Set(filters.map((filter) => filter.kind))];
  return kinds
    .map((kind) =>
      kind.rule(
        joinNames([
          ...new Set(
            filters.filter((filter) => filter.kind === kind).map((filter) => `\`${filter.param}\``),
          ),
        ]),
      ),
    )
    .join(' ');
}

/** Cursors, limits and the rules every filter follows. */
export function renderPagination(dataset: Dataset): string {
  // Items of one slot when the dataset has items, else the first list whole.
  const items = gameList(dataset, 'items');
  const slot = items && (distinctValues(items.records, 'slot')[0] ?? 'head');
  const path = slot ? `/v1/items?slot=${slot}&` : `/v1/${dataset.registry.lists[0]?.name}?`;
  const walk = `curl "${base}${path}limit=100"
# … "meta": { "total": …, "count": 100, "cursor": "eyJ…" }
curl "${base}${path}limit=100&cursor=eyJ…"
# … the last page has no meta.cursor`;
  return section(
    'pagination',
    'Pagination with cursors',
    `<p>Lists are ordered by ${code('id')}, ascending, in code-unit (ASCII) order, unless ${code('sort')} says otherwise (<a href="#queries">Sorting and facets</a>). ${code('limit')} is a whole number from 1, default ${DEFAULT_LIMIT}; values above ${MAX_LIMIT} are clamped to ${MAX_LIMIT}; ${code('0')}, negatives, decimals and non-numbers are a 400. ${code('meta.total')} counts every match, ${code('meta.count')} those on this page.</p>
<p>While more matches remain, ${code('meta.cursor')} is present: pass it back as ${code('cursor')} and keep every filter as it was (${code('limit')} may change). Walking with cursors returns every match exactly once. A malformed or edited cursor, or one used with other filters or another sort, is a 400. A cursor belongs to the dataset version that issued it: after a new dataset is published it is a 400 that says to start again from the first page.</p>
${codeBlock('curl', walk)}
<p>Filters combine with AND. ${md(describeFilterRules(dataset.registry))} An empty parameter counts as absent; a parameter given twice is a 400; unknown parameters are ignored.</p>`,
  );
}

/** Etags, If-None-Match, cache lifetimes and compression; the etag shown is the real one of /v1/meta. */
export function renderCaching(dataset: Dataset, doc: Json): string {
  const meta = firstExample(
    listOperations(doc).find((operation) => operation.operationId === 'getMeta')?.responses['200'],
  );
  const etag = meta ? makeWeakEtag(dataset.meta.version, JSON.stringify(meta.value)) : 'W/"…"';
  const revalidate = `curl -i "${base}/v1/meta"
# etag: ${etag}
curl -i -H 'If-None-Match: ${etag}' "${base}/v1/meta"
# HTTP/1.1 304 Not Modified — no body; keep using your copy`;
  return section(
    'caching',
    'Caching, etags and 304',
    `<p>JSON responses (and this page) carry a weak ${code('etag')} that embeds the dataset version, and ${code(`cache-control: ${JSON_CACHE_CONTROL}`)}. Send the etag back as ${code('If-None-Match')}: when nothing changed the answer is an empty ${code('304')}, which still carries ${code('etag')}, ${code('cache-control')}, ${code('x-dataset-version')}, CORS and rate-limit headers. Only an answer that would be a 200 becomes a 304; errors ignore ${code('If-None-Match')}. A page asked for with ${code('sort')} or ${code('fields')}, and facet counts, take their etag from the question, the release's content and the server's build rather than from the body: the same on every instance serving that release with that build.</p>
<p>Artwork carries a strong etag computed from its bytes and ${code(`cache-control: ${IMAGE_CACHE_CONTROL}`)} (30 days): sprite ids are stable — a new image gets a new id (publishing a changed image under an id already served is refused unless forced), and one replaced anyway is listed under ${code('sprites')} in ${code('/v1/changes')}. ${code('429')} and ${code('500')} are ${code(NO_STORE)}.</p>
<p>JSON and HTML answers are compressed when ${code('Accept-Encoding')} allows: ${code('br')} or ${code('gzip')}, whichever has the higher q-value (${code('br')} on a tie), named in ${code('content-encoding')}. ${code('identity')} is respected, and a client that accepts neither gets the body uncompressed. They all carry ${code('vary: accept-encoding, authorization')}, and the etag is the same in every coding, so ${code('If-None-Match')} works whichever one you received. Browsers and ${code('curl --compressed')} ask and decompress by themselves. Artwork (already compressed) and errors (a few hundred bytes) are always sent as they are.</p>
${codeBlock('curl', revalidate)}`,
  );
}

/** Error codes and statuses, from the document's Error schema and shared responses. */
export function renderErrors(doc: Json): string {
  const components = doc.components as {
    responses: Record<string, Json>;
    schemas: Record<string, Json>;
  };
  const shared: Array<[string, string]> = [
    ['400', 'BadRequest'],
    ['404', 'NotFound'],
    ['405', 'MethodNotAllowed'],
    ['408', 'RequestTimeout'],
    ['429', 'RateLimited'],
    ['431', 'HeadersTooLarge'],
    ['500', 'Internal'],
  ];
  const rows = shared.map(([status, name]) => [
    code(status),
    md(String(components.responses[name]?.description ?? '')),
  ]);
  const errorSchema = components.schemas.Error as {
    properties: { error: { properties: { code: { enum: string[] } } } };
  };
  const example = firstExample(components.responses.BadRequest);
  return section(
    'errors',
    'Errors',
    `<p>Every error is JSON, ${code('{ "error": { "code": "…", "message": "…" } }')}, where ${code('code')} is one of ${errorSchema.properties.error.properties.code.enum.map(code).join(', ')} and ${code('message')} is for people. Branch on the status or the code, never on the message. The codes are a closed set: a request too slow to arrive (${code('408')}) or with headers over 16 KB (${code('431')}) is a ${code('bad_request')} that says why in its status. A bad request is never a 500, and a 500 never shows internals.</p>
${table(['Status', 'When'], rows)}
${example ? codeBlock(`Response to ${example.summary} (real)`, `HTTP/1.1 400 Bad Request\n${JSON.stringify(example.value, null, 2)}`) : ''}`,
  );
}

/** The two versions, and how a client notices a new dataset. */
export function renderVersioning(): string {
  return section(
    'versioning',
    'Versioning and detecting a new dataset',
    `<p>The API version is the ${code('/v1')} path prefix. The dataset has its own version, ${code('YYYY-MM-DD.n')}, sent as ${code('x-dataset-version')} on every response and as ${code('version')} (with ${code('published')}) by ${code('/v1/meta')}. To notice a new dataset, compare ${code('x-dataset-version')} with the last one you saw, or poll ${code('/v1/meta')} — cheaply, with ${code('If-None-Match')}. The SDK calls ${code('onDatasetChange')} when it sees a new version. ${code('/v1/status')} tells the version an instance serves, how many versions ${code('since')} accepts, whether its rate limits are shared or per-instance right now, and when it started.</p>
<p>When a new dataset is published, etags change (they embed the version), so cached copies revalidate to a fresh 200, and cursors of the old version are a 400: start the walk again. The dataset is published by hand and may lag the live game by a patch.</p>
<p>To learn what a new version changed, ask ${code('/v1/changes?since=')} with the version you hold: every release after it, oldest first, each with the ids it added, changed and removed per collection, and under ${code('sprites')} the sprite ids whose image it added, replaced or removed — an empty list when you are current. Fetch the added and changed records again and drop the removed ones rather than downloading everything. A changed sprite id means the image at the same ${code('/v1/img/…')} URL changed: images are cached for 30 days, so fetch it again past your cache. Any release the server has served is a valid ${code('since')}, also after a rollback: a version the current release does not descend from (a rollback passed over it) gets one entry, labelled with the current version and its published time, holding the net change from your version to the current one. A version the server does not know is a 400 that lists the versions it does and says to start again from the bulk files (${code('/v1/bulk')}); so is one older than the history it keeps (the last 100 releases). This endpoint is our extension of the contract.</p>
<p>To see what happened to one record, ask ${code('/v1/{list}/{id}/history')}: every release that changed it, newest first — ${code('added')}, ${code('changed')}, ${code('removed')}, ${code('restored')} (back after a removal) or ${code('withdrawn')} (a release rolled back) — each with the values it changed as the API served them, in the language asked for. A path names a stat by its key (${code('stats[crit].value')}), so a release that only reorders a record's stats is not there. A removed record keeps its history; an id that never existed is a 404. ${code('?at=<version>')} on a record gives it as that release served it, byte for byte: a 404 when it did not exist then, a 400 listing the versions the history knows for any other. With ${code('include=records')}, ${code('/v1/changes')} also carries the current body of every record the releases added or changed, paged with ${code('limit')} and ${code('cursor')}: a copy brought up to date in one request. These are our extensions of the contract.</p>
<p>To be told of each release instead of asking, follow ${code('/v1/changes.atom')} in a feed reader, or in a chat or wiki bot: an Atom feed of every release served, newest first, each summarised per collection and linked to its changes, and of every rollback, naming the releases it withdrew.</p>
<p>For a full download, ${code('/v1/bulk')} lists each collection's bulk file and ${code('/v1/bulk/{collection}.json')} serves every record of one collection as a single JSON array, compressed when you accept br or gzip, with its SHA-256 as a strong etag. The URL the index gives names the version and may be cached for a year. Each language has its own files: the index lists the default language's first, then each translation's, every entry with its ${code('language')}, and a translated file's URL asks for it with ${code('lang')} (${code('/v1/bulk/items.json?version=…&lang=de')}); the file is the one its URL names, whatever Accept-Language says, and its ${code('content-language')} says which. The SDK's ${code('gd.sync(state)')} puts it all together: it brings what you hold to the current release with the fewest requests.</p>`,
  );
}
