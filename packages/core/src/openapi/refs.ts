/** A JSON object of the OpenAPI document. */
export type Json = Record<string, unknown>;

/** A reference to a named component (OpenAPI 3.1 §4.8.23, Reference Object). */
export function refTo(
  section: 'schemas' | 'headers' | 'responses',
  name: string,
): { $ref: string } {
  return { $ref: `#/components/${section}/${name}` };
}
