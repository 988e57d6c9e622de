/**
 * Read access to the OpenAPI document for the page: the page is rendered from the document, so what
 * a reader sees and what a generated client sees cannot differ.
 */
export type Json = Record<string, unknown>;

/** A GET operation of the document. */
export interface Operation {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  parameters: Json[];
  /** By status, with `$ref`s resolved. */
  responses: Record<string, Json>;
}

/** Follows a local `$ref` (`#/components/...`) until it reaches the value it names. */
export function resolve(doc: Json, value: Json): Json {
  let current = value;
  while (typeof current.$ref === 'string') {
    let target: unknown = doc;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
    current = target as Json;
  }
  return current;
}

/**
 * The GET operations of the document's API paths (under /v1), in document order.
 *
 * @example listOperations(doc)[0]?.operationId // 'listItems'
 */
export function listOperations(doc: Json): Operation[] {
  const paths = doc.paths as Record<string, { parameters?: Json[]; get?: Json }>;
  return Object.entries(paths)
    .filter(([path, item]) => path.startsWith('/v1/') && item.get)
    .map(([path, item]) => {
      const get = item.get as Json;
      const responses = Object.entries(get.responses as Record<string, Json>).map(
        ([status, response]) => [status, resolve(doc, response)],
      );
      return {
        path,
        operationId: String(get.operationId),
        summary: String(get.summary ?? ''),
        description: String(get.description ?? ''),
        // Path parameters are declared on the path item, shared by its operations.
        parameters: [...(item.parameters ?? []), ...((get.parameters as Json[] | undefined) ?? [])],
        responses: Object.fromEntries(responses),
      };
    });
}

/** The first example of a response's media type, if it has one. */
export function firstExample(
  response: Json | undefined,
): { summary: string; value: unknown } | undefined {
  const content = response?.content as
    Record<string, { examples?: Record<string, { summary: string; value: unknown }> }> | undefined;
  const media = content && Object.values(content)[0];
  return media?.examples && Object.values(media.examples)[0];
}

/** An endpoint's anchor on the page: `/v1/items/{id}` → `v1-items-id`. */
export function slugOf(path: string): string {
  return path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
}
