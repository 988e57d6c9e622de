import type { ListDescriptor } from '../collections/descriptor.js';
import { collectionOf } from '../dataset/dataset.js';
import { getOperationId, listOperationId } from '../openapi/operation-ids.js';
import { makeWeakEtag, makeWeakTextEtag } from '../etag.js';
import { jsonBytesRepresentation } from '../policy/representation.js';
import { positionOfId } from '../dataset/collection.js';
import { listBody, listBodyBytes, recordBody } from '../query/bodies.js';
import { fieldPicker, parseFields, selectFields } from '../query/field-selection.js';
import { parseListQuery } from '../query/list-query.js';
import { readParam } from '../read-param.js';
import { matchIndexes, selectPositions } from '../query/select-page.js';
import { queryOf } from './request-context.js';
import { chooseLanguage } from './request-language.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

const encoder = new TextEncoder();

/** `/v1/{list}`: a page of the list, filtered and ordered as its descriptor says. */
function listRoute(descriptor: ListDescriptor): RouteDeclaration {
  const { name, typeName } = descriptor;
  const list = name;
  return {
    path: `/v1/${name}`,
    methods: GET_AND_HEAD,
    tier: 'caller',
    operation: (o) => ({
      operationId: listOperationId(list),
      tags: [name],
      summary: `List ${name}`,
      description:
        'Ordered by id, ascending (code-unit order), unless `sort` says otherwise. Filters combine with AND. Page with `limit` and `cursor`.',
      parameters: [...o.listParameters(list), o.languageParameter(), o.key],
      responses: {
        '200': o.jsonResponse(
          `A page of ${name}.`,
          `${typeName}List`,
          o.headers.json,
          o.examples[listOperationId(list)],
        ),
        '400': o.ref('responses', 'BadRequest'),
        ...o.commonResponses('NotModified'),
      },
    }),
    handler(release) {
      const { caches, languages } = release;
      return (c) => {
        const language = chooseLanguage(c, languages);
        // The default language's queries (and so its cursors and cached pages) are as they were before any translation.
        const query = parseListQuery(
          list,
          queryOf(c),
          release.dataset,
          language === languages.default ? undefined : language,
        );
        // JSON keeps the parts apart: a cursor is the caller's text, and could otherwise end in
        // what another query's `fields` adds.
        const key = query.fields
          ? JSON.stringify([query.canonical, query.limit, query.after ?? null, query.fields])
          : `${query.canonical}|${query.limit}|${query.after ?? ''}`;
        const representation = caches.responses.getOrCreate(key, () => {
          const { collection, fellBack } = languages.list(language, list);
          const matched = caches.matches.getOrCreate(query.matching, () =>
            matchIndexes(collection, query),
          );
          const page = selectPositions(collection, matched, query, caches.version, language);
          const fellBackAt = page.indexes.flatMap((index, position) =>
            fellBack(index) ? [position] : [],
          );
          const headers = languages.headers(language, fellBackAt);
          const { fields } = query;
          // Records kept as JSON (a snapshot's) go into the page as they are, or trimmed to the
          // fields asked for: nothing is parsed or serialised.
          const { json } = collection;
          const body = json
            ? listBodyBytes(page, fields ? fieldPicker(descriptor, collection, json, fields) : json)
            : encoder.encode(
                JSON.stringify(
                  listBody({
                    ...page,
                    records: page.indexes.map((index) =>
                      fields
                        ? selectFields(descriptor, collection.at(index), fields)
                        : collection.at(index),
                    ),
                  }),
                ),
              );
          // A page of the contract's own query keeps the etag it always had, which hashes its body:
          // its text, for a page that was written as text (one in another language, or read from an export).
          const etag =
            query.sort.length > 0 || fields
              ? caches.questionEtag(key)
              : json && language === languages.default
                ? makeWeakEtag(caches.version, body)
                : makeWeakTextEtag(caches.version, body);
          return jsonBytesRepresentation(caches.version, body, headers, etag);
        });
        return release.responder.representation(c, representation);
      };
    },
  };
}

/** `/v1/{list}/{id}`: one record, or a 404 naming what was asked for. */
function recordRoute(descriptor: ListDescriptor): RouteDeclaration {
  const { name, noun, typeName } = descriptor;
  const list = name;
  return {
    path: `/v1/${name}/{id}`,
    methods: GET_AND_HEAD,
    tier: 'caller',
    operation: (o) => ({
      operationId: getOperationId(typeName),
      tags: [name],
      summary: `Fetch one ${noun}`,
      description: `The ${noun} with this id, or a 404.`,
      parameters: [
        o.pathParameter(
          'id',
          `The ${noun}'s public id.`,
          collectionOf(o.dataset, list).records[0]?.id,
        ),
        o.fieldsParameter(descriptor),
        o.languageParameter(),
        o.key,
      ],
      responses: {
        '200': o.jsonResponse(
          `The ${noun}.`,
          `${typeName}Response`,
          o.headers.json,
          o.examples[getOperationId(typeName)],
        ),
        '400': o.ref('responses', 'BadRequest'),
        '404': o.ref('responses', 'NotFound'),
        ...o.commonResponses('NotModified'),
      },
    }),
    handler(release) {
      const { caches, languages } = release;
      return (c) => {
        const language = chooseLanguage(c, languages);
        const id = c.req.param('id') ?? '';
        const { collection, fellBack } = languages.list(language, list);
        const position = positionOfId(collection.ids, id);
        if (position < 0) return release.responder.notFound(c, `No ${noun} with id "${id}".`);
        const fields = parseFields(descriptor, readParam(queryOf(c), 'fields'));
        const key =
          (language === languages.default ? `${name}/${id}` : `${name}/${id}|${language}`) +
          (fields ? `|fields=${fields.join(',')}` : '');
        return release.responder.representation(
          c,
          caches.json(
            key,
            () =>
              recordBody(
                fields
                  ? selectFields(descriptor, collection.at(position), fields)
                  : collection.at(position),
              ),
            () => languages.headers(language, fellBack(position) ? [0] : []),
          ),
        );
      };
    },
  };
}

/**
 * Each list's two routes, `/v1/{list}` and `/v1/{list}/{id}`, from its descriptor (README,
 * "API overview").
 *
 * @example collectionRoutes('items').map((route) => route.path) // ['/v1/items', '/v1/items/{id}']
 */
export function collectionRoutes(descriptor: ListDescriptor): RouteDeclaration[] {
  return [listRoute(descriptor), recordRoute(descriptor)];
}
