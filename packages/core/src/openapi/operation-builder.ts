import type { ListDescriptor } from '../collections/descriptor.js';
import type { Dataset } from '../dataset/dataset.js';
import type { buildExamples } from './examples.js';
import type { HEADER_SETS } from './headers.js';
import type { refTo, Json } from './refs.js';
import type { commonResponses, jsonResponse } from './responses.js';

/**
 * What a route's OpenAPI operation is written with: the dataset it describes, its examples, and the
 * document's shared parameters, header sets and responses. Route declarations see only this type,
 * so the code that builds the document (and the schemas it loads) stays out of a server's start.
 */
export interface OperationBuilder {
  dataset: Dataset;
  examples: ReturnType<typeof buildExamples>;
  /** The deprecated `?key=` parameter every operation takes. */
  key: Json;
  headers: typeof HEADER_SETS;
  listParameters(list: string): Json[];
  /** A list's filters and `facet`. */
  facetParameters(list: string): Json[];
  /** `fields` of a list's records. */
  fieldsParameter(descriptor: ListDescriptor): Json;
  pathParameter(name: string, description: string, example: string | undefined): Json;
  sinceParameter(): Json;
  /** `include` of `/v1/changes`. */
  includeParameter(): Json;
  /** `at` of a record: a release of its history. */
  atParameter(): Json;
  /** `limit` and `cursor` of a page that is not a list's. */
  pageParameters: readonly Json[];
  /** `q`, `collections` and `limit` of `/v1/search`. */
  searchParameters(): Json[];
  /** `lang`, the languages of the dataset as its values. */
  languageParameter(): Json;
  jsonResponse: typeof jsonResponse;
  commonResponses: typeof commonResponses;
  ref: typeof refTo;
}
