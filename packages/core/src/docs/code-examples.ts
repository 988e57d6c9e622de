import type { Json, Operation } from './openapi-view.js';

/** The address readers substitute; the page cannot know where it is deployed without a script. */
export const BASE_URL_VARIABLE = 'GAMEDATA_URL';

/** How an SDK client is made; shown once, used by every snippet. */
export const SDK_SETUP = `import { createClient } from '@gamedata/sdk';

const gd = createClient({ baseUrl: process.env.${BASE_URL_VARIABLE}!, apiKey: process.env.GAMEDATA_KEY });`;

function pathExample(parameter: Json | undefined): string {
  const examples = (parameter?.schema as Json | undefined)?.examples as string[] | undefined;
  return examples?.[0] ?? String(parameter?.name ?? 'id').toUpperCase();
}

/**
 * The request an endpoint's examples use: the one its real example response answers, or else its path
 * with each path parameter filled with that parameter's example.
 */
export function exampleRequest(operation: Operation, exampleSummary: string | undefined): string {
  if (exampleSummary) return exampleSummary.replace(/^GET /, '');
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    pathExample(operation.parameters.find((p) => p.name === name)),
  );
}

/**
 * @example curlExample('/v1/meta') // 'curl -i "$GAMEDATA_URL/v1/meta"'
 */
export function curlExample(request: string): string {
  const url = `"$${BASE_URL_VARIABLE}${request}"`;
  return request.endsWith('.png') ? `curl -o icon.png ${url}` : `curl -i ${url}`;
}

/** `{ rarity: 'legendary', limit: 1 }` from a query string, typed as the operation's parameters are. */
function toArguments(operation: Operation, search: URLSearchParams): string {
  const entries = [...search].map(([name, value]) => {
    const type = (operation.parameters.find((p) => p.name === name)?.schema as Json | undefined)
      ?.type;
    const literal =
      type === 'integer' || type === 'boolean' ? value : `'${value.replace(/['\\]/g, '\\$&')}'`;
    return `${name}: ${literal}`;
  });
  return entries.length ? `{ ${entries.join(', ')} }` : '';
}

function listSnippet(operation: Operation, resource: string, search: URLSearchParams): string {
  const filters = new URLSearchParams(
    [...search].filter(([name]) => name !== 'limit' && name !== 'cursor'),
  );
  return [
    `const page = await gd.${resource}.list(${toArguments(operation, search)});`,
    'console.log(page.meta.total, page.data.map((record) => record.name), page.meta.cursor);',
    '',
    '// Every match, page after page: iterate() follows meta.cursor for you.',
    `for await (const record of gd.${resource}.iterate(${toArguments(operation, filters)})) console.log(record.id);`,
  ].join('\n');
}

/**
 * The same request through `@gamedata/sdk`, or undefined where the SDK has no call for it (the
 * OpenAPI document itself).
 *
 * @example sdkExample(operation, '/v1/meta') // 'const meta = await gd.meta();\n…'
 */
export function sdkExample(operation: Operation, request: string): string | undefined {
  const [path = '', query = ''] = request.split('?');
  const [, , resource = '', rest] = path.split('/');
  const quoted = (text: string) => `'${decodeURIComponent(text)}'`;
  if (operation.operationId === 'listStats')
    return 'const stats = await gd.stats.list(); // every Stat, unpaginated';
  if (operation.operationId === 'getMeta')
    return 'const meta = await gd.meta();\nconsole.log(meta.version, meta.published, meta.counts);';
  if (operation.operationId === 'listLanguages')
    return "const languages = await gd.languages(); // the default first, with names and coverage\nconst de = createClient({ baseUrl, lang: 'de' }); // its text in German";
  if (operation.operationId === 'listBulkFiles')
    return 'const files = await gd.bulk.index(); // version, count, bytes, sha256 and url of each';
  if (operation.operationId === 'getBulkFile') {
    const collection = quoted((rest ?? '').replace(/\.json$/, ''));
    return `const records = await gd.bulk.download(${collection}); // every record, typed\nconst state = await gd.sync(); // or keep a copy current: see the SDK's README`;
  }
  if (operation.operationId === 'listChanges') {
    const since = quoted(new URLSearchParams(query).get('since') ?? '');
    return `const releases = await gd.changes(${since}); // after that version, oldest first\nfor (const release of releases) console.log(release.version, release.collections.items);`;
  }
  if (operation.operationId === 'getImage') {
    const icon = quoted((rest ?? '').replace(/\.png$/, ''));
    return `const src = gd.imageUrl(${icon}); // for <img src>, needs no key\nconst png = await gd.image(${icon}); // Uint8Array`;
  }
  if (operation.operationId.startsWith('list'))
    return listSnippet(operation, resource, new URLSearchParams(query));
  if (operation.operationId.startsWith('get') && rest) {
    return `const record = await gd.${resource}.get(${quoted(rest)}); // NotFoundError when there is none`;
  }
  return undefined;
}
