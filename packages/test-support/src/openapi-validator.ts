import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Reply } from './send.js';

type Json = Record<string, unknown>;
type Document = OpenAPIV3_1.Document;

/** Base URI under which the document's component schemas are registered, so `$ref`s resolve. */
const DOCUMENT_ID = 'urn:gamedata:openapi';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface DescribedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
}

/** Follows local `$ref`s (`#/components/…`) to the object they name. */
function resolve(doc: Document, value: Json): Json {
  let current = value;
  while (typeof current.$ref === 'string') {
    let target: unknown = doc;
    for (const part of current.$ref.replace(/^#\//, '').split('/'))
      target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (target === undefined) throw new Error(`unresolved ${current.$ref}`);
    current = target as Json;
  }
  return current;
}

/**
 * The shared response that may answer a path the document does not list: a 404 for GET and HEAD;
 * the preflight for OPTIONS and a 405 for any other method, whatever the path (README,
 * "Choices the contract leaves open", Methods row); and the refusals of a request that could not be
 * read or was over its limit.
 */
function sharedResponseOf(method: string, status: number): string | undefined {
  if (status === 404) return method === 'GET' || method === 'HEAD' ? 'NotFound' : undefined;
  if (status === 204) return method === 'OPTIONS' ? 'Preflight' : undefined;
  if (status === 405)
    return method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
      ? undefined
      : 'MethodNotAllowed';
  return { 400: 'BadRequest', 408: 'RequestTimeout', 429: 'RateLimited', 431: 'HeadersTooLarge' }[
    status
  ];
}

/** Path templates as regular expressions; literal paths first, as OpenAPI 3.1 §4.8.8 requires. */
function compilePaths(doc: Document): Array<{ template: string; pattern: RegExp }> {
  return Object.keys(doc.paths ?? {})
    .map((template) => {
      const source = template
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return {
        template,
        pattern: new RegExp(`^${source}$`),
        params: (template.match(/\{/g) ?? []).length,
      };
    })
    .sort((a, b) => a.params - b.params);
}

function createAjv(doc: Document): Ajv2020 {
  // A list of types (`type: ['string', 'number']`) is plain JSON Schema 2020-12, as OpenAPI 3.1 uses it.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  ajvFormats.default(ajv);
  // `components` holds schemas but is not a keyword itself; it only has to be reachable by `$ref`.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: doc.components?.schemas ?? {} } });
  return ajv;
}

/** Header values are text; a schema of type integer describes the number they spell. */
function readHeader(value: string, schema: Json): unknown {
  return schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
}

/**
 * Holds replies to an OpenAPI 3.1 document: each reply must be a documented response of a documented
 * operation — status, required headers and their values, content type and JSON body (with `$ref`s
 * resolved). A HEAD reply must have no body (RFC 9110 §9.3.2); a method the path does not list
 * must be its GET operation's documented 405; a path the document does not list must be the shared
 * NotFound response.
 *
 * @example createOpenApiValidator(doc).problemsWith({ method: 'GET', path: '/v1/meta' }, reply) // []
 */
export function createOpenApiValidator(doc: Document) {
  const ajv = createAjv(doc);
  const paths = compilePaths(doc);
  const compiled = new Map<Json, ValidateFunction>();
  const validatorOf = (schema: Json) => {
    let validate = compiled.get(schema);
    if (!validate) {
      // Local refs point into the document, registered under DOCUMENT_ID.
      validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${DOCUMENT_ID}#/`)),
      );
      compiled.set(schema, validate);
    }
    return validate;
  };
  const check = (schema: Json, value: unknown, what: string): string[] => {
    const validate = validatorOf(schema);
    return validate(value)
      ? []
      : [`${what}: ${ajv.errorsText(validate.errors, { dataVar: what })}`];
  };

  function findResponse(
    request: DescribedRequest,
    status: number,
  ): { label: string; response: Json } | string {
    const pathname = request.path.split('?')[0] ?? '';
    const match = paths.find(({ pattern }) => pattern.test(pathname));
    if (!match) {
      const shared = sharedResponseOf(request.method, status);
      if (shared)
        return {
          label: `${request.method} ${pathname} (not a documented path) ${status}`,
          response: resolve(doc, { $ref: `#/components/responses/${shared}` }),
        };
      return `${request.method} ${pathname}: not a documented path, so only a shared response (404; 405, or the preflight for OPTIONS; 400, 408, 429, 431) could describe it, not ${status}`;
    }
    const item = (doc.paths ?? {})[match.template] as Json;
    const operation = (item[request.method.toLowerCase()] ??
      (status === 405 ? item.get : undefined)) as Json | undefined;
    if (!operation)
      return `${request.method} ${match.template}: no such operation, and ${status} is not its 405`;
    const responses = operation.responses as Record<string, Json>;
    const response = responses[String(status)];
    if (!response)
      return `${request.method} ${match.template}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    return {
      label: `${request.method} ${match.template} ${status}`,
      response: resolve(doc, response),
    };
  }

  function checkHeaders(label: string, response: Json, reply: Reply): string[] {
    return Object.entries((response.headers as Record<string, Json> | undefined) ?? {}).flatMap(
      ([name, ref]) => {
        const header = resolve(doc, ref);
        const value = reply.headers.get(name);
        if (value === null)
          return header.required ? [`${label}: required header ${name} is missing`] : [];
        const schema = header.schema as Json;
        return check(schema, readHeader(value, schema), `${label} header ${name}`);
      },
    );
  }

  function checkBody(
    label: string,
    request: DescribedRequest,
    response: Json,
    reply: Reply,
  ): string[] {
    const content = response.content as Record<string, { schema: Json }> | undefined;
    if (!content)
      return reply.bytes.length === 0
        ? []
        : [`${label}: documented without a body, but ${reply.bytes.length} bytes came`];
    const mediaType =
      (reply.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const media = content[mediaType];
    if (!media)
      return [
        `${label}: content-type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`,
      ];
    if (request.method === 'HEAD')
      return reply.bytes.length === 0 ? [] : [`${label}: a HEAD reply has a body`];
    if (mediaType === 'image/png')
      return PNG_SIGNATURE.every((byte, i) => reply.bytes[i] === byte)
        ? []
        : [`${label}: body is not a PNG`];
    if (mediaType !== 'application/json') return check(media.schema, reply.text, `${label} body`);
    let body: unknown;
    try {
      body = JSON.parse(reply.text);
    } catch {
      return [`${label}: body is not JSON`];
    }
    return check(media.schema, body, `${label} body`);
  }

  return {
    /** Every way `value` breaks `schema` (a schema of the document; its `$ref`s resolve), as text. */
    problemsWithValue: check,
    /** Every way `reply` differs from what the document says `request` may get; empty when it is described. */
    problemsWith(request: DescribedRequest, reply: Reply): string[] {
      const found = findResponse(request, reply.status);
      if (typeof found === 'string') return [found];
      return [
        ...checkHeaders(found.label, found.response, reply),
        ...checkBody(found.label, request, found.response, reply),
      ];
    },
  };
}

export type OpenApiValidator = ReturnType<typeof createOpenApiValidator>;
