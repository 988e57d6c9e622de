import type { Registry } from '../collections/registry.js';
import { RANGE_SYNTAX } from '../collections/ranges.js';
import type { Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import { facetCounts, facetsOf, parseFacets } from '../query/facets.js';
import { parseListQuery } from '../query/list-query.js';
import { matchIndexes, selectPage } from '../query/select-page.js';
import { MAX_SORT_KEYS } from '../query/sort.js';
import { BASE_URL_VARIABLE } from './code-examples.js';
import { code, codeBlock, inlineMarkdown as md, section, table } from './html.js';

const base = `$${BASE_URL_VARIABLE}`;

/** The stat key most items have, and the slot most of those items fill: the page's example query. */
function plannerQuery(dataset: Dataset): { slot: string; key: string } | undefined {
  const items = gameList(dataset, 'items');
  if (!items) return undefined;
  const counts = new Map<string, number>();
  for (const item of items.records)
    for (const key of new Set(item.stats?.map((entry) => entry.stat)))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  const key = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  const slots = new Map<string, number>();
  for (const item of items.records)
    if (item.slot && item.stats?.some((entry) => entry.stat === key))
      slots.set(item.slot, (slots.get(item.slot) ?? 0) + 1);
  const slot = [...slots].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  return key && slot ? { slot: slot.toLowerCase(), key } : undefined;
}

/** A build planner's question and its facets, asked of this dataset: the answers shown are real. */
function example(dataset: Dataset): string {
  const asked = plannerQuery(dataset);
  const list = gameList(dataset, 'items');
  if (!asked || !list) return '';
  const { slot, key } = asked;
  const search = `slot=${slot}&stat[${key}]=1..&sort=-stat.${key},name&fields=stats&limit=3`;
  const query = parseListQuery('items', new URLSearchParams(search), dataset);
  const page = selectPage(
    list,
    matchIndexes(list, query),
    query,
    dataset.meta.version,
    dataset.language,
  );
  const values = page.records.map((item) => {
    const value = (item.stats ?? [])
      .filter((entry) => entry.stat === key)
      .reduce((sum, entry) => sum + entry.value, 0);
    return `#   ${JSON.stringify(item.name)}: ${key} ${value}`;
  });
  const facetSearch = `slot=${slot}&facet=rarity,stat`;
  const facetQuery = parseListQuery('items', new URLSearchParams(facetSearch), dataset);
  const items = dataset.registry.list('items');
  const facets = facetCounts(items, list, facetQuery.filters, parseFacets(items, 'rarity,stat'));
  const top = (name: string) =>
    (facets.data[name] ?? [])
      .slice(0, 3)
      .map(({ value, count }) => `${JSON.stringify(value)}: ${count}`)
      .join(', ');
  return codeBlock(
    'curl',
    `# ${slot} items with the stat ${key}, best first, with only the fields a planner needs
curl -g "${base}/v1/items?${search}"
# "meta": { "total": ${page.total}, … } — the first three:
${values.join('\n')}
# How many ${slot} items have each rarity, and each stat
curl "${base}/v1/facets/items?${facetSearch}"
# "meta": { "total": ${facets.total} }; rarity ${top('rarity')}, …; stat ${top('stat')}, …`,
  );
}

/** Each list's sort keys and facets, from its descriptor. */
function listTable(registry: Registry): string {
  return table(
    ['List', 'Sort keys', 'Facets'],
    registry.lists.map((descriptor) => [
      code(`/v1/${descriptor.name}`),
      descriptor.fields
        .flatMap((entry) => (entry.sort ? [entry.sort.pattern] : []))
        .map(code)
        .join(', '),
      [...facetsOf(descriptor).keys()].map(code).join(', '),
    ]),
  );
}

/** `sort`, ranges, `fields` and facets: our extensions of the lists, shown on this dataset. */
export function renderQueries(dataset: Dataset): string {
  return section(
    'queries',
    'Sorting, ranges, fields and facets',
    `<p>Our extensions of the lists; a request that uses none of them is answered as before.</p>
<p>${md(`\`sort\` takes up to ${MAX_SORT_KEYS} keys, comma-separated, \`-\` for descending (\`sort=-rarity,name\`). Names order as the answer's language collates them, ignoring case and accents; records lacking a key come after those that have it, in either direction; the id, ascending, breaks every tie. Without it, lists are ordered by id. An unknown key, or more than ${MAX_SORT_KEYS}, is a 400 listing them.`)}</p>
<p>${md(`Ranges: \`stat[<key>]=<range>\` (items that have the stat with its value within; a stat listed twice counts as their sum), \`roll[<key>]=<range>\` (items whose roll range overlaps it) and \`rarity=<range>\` (numbers or names: \`rare..legendary\`). A range is ${RANGE_SYNTAX}; \`*\` means the record has the key. Brackets may be sent raw or percent-encoded; with curl, pass \`-g\` so it leaves them alone. A stat key not in /v1/stats, or a malformed or empty range (\`5..1\`), is a 400.`)}</p>
<p>${md("`fields=stats,roll` sends the required fields and those named; a name the records do not have is a 400. `/v1/facets/{list}` takes the list's filters and `facet`, and counts how many matching records have each value, the largest count first. A cursor belongs to its sort and filters.")}</p>
${listTable(dataset.registry)}
${example(dataset)}`,
  );
}
