import type { OpenAPIV3_1 } from 'openapi-types';

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: { enum?: unknown[]; examples?: unknown[] };
};

/**
 * A path whose GET takes `lang`: its template, the paths it matches, and one to send (each path
 * parameter its first example, and each required query parameter, `/v1/search`'s `q`).
 */
export interface LanguagePath {
  template: string;
  pattern: RegExp;
  example: string;
}

/** What an OpenAPI document says of the languages: the tags `lang` takes, the default first, and the paths that take it. */
export interface DocumentLanguages {
  tags: string[];
  paths: LanguagePath[];
}

/**
 * Reads the languages out of a served document, as a client would: the values of `lang` (its `enum`,
 * or its `examples` where a schema names them so) and every path whose GET takes it. Tests that
 * cover each language and each localized endpoint take both from here, so a language or an endpoint
 * added later is covered without changing them.
 *
 * @example languagesOf(document).paths.map((p) => p.example) // ['/v1/items', '/v1/items/amber-amulet-of-the-fox', …]
 */
export function languagesOf(document: OpenAPIV3_1.Document): DocumentLanguages {
  const tags = new Set<string>();
  const paths: LanguagePath[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const parameters = [
      ...((item?.parameters ?? []) as Parameter[]),
      ...((item?.get?.parameters ?? []) as Parameter[]),
    ];
    const lang = parameters.find(
      (parameter) => parameter.name === 'lang' && parameter.in === 'query',
    );
    if (!lang) continue;
    for (const tag of lang.schema?.enum ?? lang.schema?.examples ?? []) tags.add(String(tag));
    const example = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = parameters.find(
        (parameter) => parameter.name === name && parameter.in === 'path',
      )?.schema?.examples?.[0];
      if (value === undefined)
        throw new Error(`${template}: path parameter ${name} has no example`);
      return encodeURIComponent(String(value));
    });
    const required = parameters.flatMap((parameter) => {
      const value = parameter.schema?.examples?.[0];
      return parameter.in === 'query' && parameter.required && value !== undefined
        ? [`${parameter.name}=${encodeURIComponent(String(value))}`]
        : [];
    });
    const pattern = new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    );
    paths.push({
      template,
      pattern,
      example: required.length > 0 ? `${example}?${required.join('&')}` : example,
    });
  }
  return { tags: [...tags], paths };
}
