import { curlExample, exampleRequest, sdkExample } from './code-examples.js';
import { code, codeBlock, escapeHtml as e, inlineMarkdown as md, section, table } from './html.js';
import { firstExample, slugOf, type Json, type Operation } from './openapi-view.js';
import { describeType, listFields } from './schema-fields.js';

/** Allowed values and limits of a parameter, as the document states them. */
function describeConstraints(schema: Json): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum))
    parts.push(`one of ${schema.enum.map((v) => code(String(v))).join(', ')}`);
  if (Array.isArray(schema.examples))
    parts.push(`for example ${schema.examples.map((v) => code(String(v))).join(', ')}`);
  if (schema.minimum !== undefined) parts.push(`min ${e(String(schema.minimum))}`);
  if (schema.maximum !== undefined) parts.push(`max ${e(String(schema.maximum))}`);
  if (schema.maxLength !== undefined)
    parts.push(`at most ${e(String(schema.maxLength))} characters`);
  if (schema.pattern !== undefined) parts.push(`matches ${code(String(schema.pattern))}`);
  if (schema.default !== undefined) parts.push(`default ${code(String(schema.default))}`);
  return parts.join('; ');
}

function parametersTable(doc: Json, parameters: Json[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((p) => [
    `${code(String(p.name))}${p.deprecated ? ' <span class="tag">deprecated</span>' : ''}`,
    e(String(p.in)),
    e(describeType(doc, { ...(p.schema as Json), enum: undefined })),
    describeConstraints(p.schema as Json),
    md(String(p.description ?? '')),
  ]);
  return `<h4>Parameters</h4>${table(['Name', 'In', 'Type', 'Values and limits', 'Meaning'], rows)}`;
}

function fieldsTable(doc: Json, success: Json | undefined): string {
  const content = success?.content as Record<string, { schema: Json }> | undefined;
  const json = content?.['application/json'];
  if (!content) return '';
  if (!json) return `<h4>Response</h4><p>${Object.keys(content).map(code).join(', ')}</p>`;
  const rows = listFields(doc, json.schema).map((f) => [
    code(f.path),
    e(f.type),
    f.required ? 'yes' : 'no',
    md(f.description),
  ]);
  return rows.length
    ? `<h4>Response fields</h4>${table(['Field', 'Type', 'Always present', 'Meaning'], rows)}`
    : '';
}

function statusTable(responses: Record<string, Json>): string {
  const rows = Object.entries(responses).map(([status, response]) => [
    code(status),
    md(String(response.description ?? '')),
  ]);
  return `<h4>Statuses</h4>${table(['Status', 'When'], rows)}`;
}

function examples(operation: Operation): string {
  const example = firstExample(operation.responses['200']);
  const request = exampleRequest(operation, example?.summary);
  const sdk = sdkExample(operation, request);
  const json = example === undefined ? undefined : JSON.stringify(example.value, null, 2);
  // Open unless it is long (the whole stat vocabulary): it stays one click away, without script.
  const open = json !== undefined && json.split('\n').length <= 150 ? ' open' : '';
  return [
    codeBlock('curl', curlExample(request)),
    sdk ? codeBlock('TypeScript, with @gamedata/sdk', sdk) : '',
    json === undefined
      ? ''
      : `<details${open}><summary>Example response to ${code(`GET ${request}`)} (real data)</summary><pre><code>${e(json)}</code></pre></details>`,
  ].join('\n');
}

/**
 * One endpoint, rendered from its operation in the OpenAPI document: parameters with their allowed
 * values, every response field, statuses, and curl, SDK and real response examples.
 *
 * @example renderEndpointSection(doc, listOperations(doc)[0])
 */
export function renderEndpointSection(doc: Json, operation: Operation): string {
  const body = [
    `<p>${md(operation.summary)}. ${md(operation.description)}</p>`,
    parametersTable(doc, operation.parameters),
    fieldsTable(doc, operation.responses['200']),
    statusTable(operation.responses),
    `<h4>Examples</h4>${examples(operation)}`,
  ].join('\n');
  return section(slugOf(operation.path), `GET ${operation.path}`, body, 3);
}
