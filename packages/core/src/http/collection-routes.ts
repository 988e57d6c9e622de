import type { ListDescriptor } from '../collections/descriptor.js';
import { collectionOf } from '../dataset/dataset.js';
import { getOperationId, historyOperationId, listOperationId } from '../openapi/operation-ids.js';
import type { AnyListRecord } from '../collections/list-types.js';
import { recordHistoryOf } from '../history/dataset-history.js';
import {
  elementIdentities,
  historyPage,
  historyQuestion,
  releaseAt,
  releaseHistory,
} from '../history/history-query.js';
import { CURRENT } from '../history/record-history.js';
import { makeWeakEtag, makeWeakTextEtag } from '../etag.js';
import { jsonBytesRepresentation } from '../policy/representation.js';
import { positionOfId } from '../dataset/collection.js';
import { listBody, listBodyBytes, recordBody } from '../query/bodies.js';
import { fieldPicker, parseFields, selectFields } from '../query/field-selection.js';
import { parseListQuery } from '../query/list-query.js';
import { offsetWindow } from '../query/offset-page.js';
import { readParam } from '../read-param.js';
import { matchIndexes, selectPositions } from '../query/select-page.js';
import { queryOf } from './request-context.js';
import { chooseLanguage } from './request-language.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';
import type { OperationBuilder } from '../openapi/operation-builder.js';

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

/** What an answer about one record may be: it (with the operation's example), a 400, a 404, a 304. */
function oneRecordResponses(
  o: OperationBuilder,
  description: string,
  schema: string,
  operationId: string,
) {
  return {
    '200': o.jsonResponse(description, schema, o.headers.json, o.examples[operationId]),
    '400': o.ref('responses', 'BadRequest'),
    '404': o.ref('responses', 'NotFound'),
    ...o.commonResponses('NotModified'),
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
        o.atParameter(),
        o.languageParameter(),
        o.key,
      ],
      responses: oneRecordResponses(
        o,
        `The ${noun}.`,
        `${typeName}Response`,
        getOperationId(typeName),
      ),
    }),
    handler(release) {
      const { caches, languages, dataset } = release;
      return (c) => {
        const language = chooseLanguage(c, languages);
        const id = c.req.param('id') ?? '';
        const params = queryOf(c);
        const at = releaseAt(params, dataset);
        const { collection, fellBack } = languages.list(language, list);
        const position = positionOfId(collection.ids, id);
        const fields = parseFields(descriptor, readParam(params, 'fields'));
        const key =
          (language === languages.default ? `${name}/${id}` : `${name}/${id}|${language}`) +
          (fields ? `|fields=${fields.join(',')}` : '') +
          (at === undefined ? '' : `|at=${at}`);
        const select = (record: AnyListRecord) =>
          recordBody(fields ? selectFields(descriptor, record, fields) : record);
        if (at === undefined) {
          if (position < 0) return release.responder.notFound(c, `No ${noun} with id "${id}".`);
          return release.responder.representation(
            c,
            caches.json(
              key,
              () => select(collection.at(position)),
              () => languages.headers(language, fellBack(position) ? [0] : []),
            ),
          );
        }
        const state = releaseHistory(dataset).states(list, id, position, language)?.[at];
        if (!state || state[1] === null) {
          const version = recordHistoryOf(dataset).releases[at]?.version;
          return release.responder.notFound(c, `No ${noun} with id "${id}" in release ${version}.`);
        }
        const [, past, pastFellBack] = state;
        return release.responder.representation(
          c,
          caches.json(
            key,
            () => select(past === CURRENT ? collection.at(position) : (past as AnyListRecord)),
            () =>
              languages.headers(
                language,
                (past === CURRENT ? fellBack(position) : pastFellBack === 1) ? [0] : [],
              ),
          ),
        );
      };
    },
  };
}

/** `/v1/{list}/{id}/history`: every release that changed a record, newest first. */
function historyRoute(descriptor: ListDescriptor): RouteDeclaration {
  const { name, noun, typeName } = descriptor;
  const list = name;
  const identities = elementIdentities(descriptor);
  return {
    path: `/v1/${name}/{id}/history`,
    methods: GET_AND_HEAD,
    tier: 'caller',
    operation: (o) => ({
      operationId: historyOperationId(typeName),
      tags: [name],
      summary: `The history of one ${noun}`,
      description: `Our extension of the contract. Every release that changed the ${noun}, newest first, with each value it changed as the API served it (in the language asked for): \`added\`, \`changed\`, \`removed\`, \`restored\` (back after a removal) or \`withdrawn\` (a release rolled back, dated when it was). Paths name an element of a list by what tells it apart where the record has one (\`stats[crit].value\`), by position where not (\`effects[0].label\`); a release that only reorders such a list (a record's stats) changed nothing. A removed ${noun} keeps its history; an id that never existed is a 404. Fetch it as a release served it with \`?at=\`. Page with \`limit\` and \`cursor\`.`,
      parameters: [
        o.pathParameter(
          'id',
          `The ${noun}'s public id.`,
          collectionOf(o.dataset, list).records[0]?.id,
        ),
        ...o.pageParameters,
        o.languageParameter(),
        o.key,
      ],
      responses: oneRecordResponses(
        o,
        `The ${noun}'s history.`,
        'RecordHistory',
        historyOperationId(typeName),
      ),
    }),
    handler(release) {
      const { caches, languages, dataset } = release;
      return (c) => {
        const language = chooseLanguage(c, languages);
        const id = c.req.param('id') ?? '';
        const { collection } = languages.list(language, list);
        const position = positionOfId(collection.ids, id);
        const history = releaseHistory(dataset);
        const states = history.states(list, id, position, language);
        if (!states) return release.responder.notFound(c, `No ${noun} with id "${id}".`);
        const question = historyQuestion(dataset, { list, id, language });
        const window = offsetWindow(queryOf(c), question);
        return release.responder.representation(
          c,
          caches.json(
            `${name}/${id}/history|${language}|${window.offset}|${window.limit}`,
            () =>
              historyPage(
                history.entries(states, identities, () => collection.at(position)),
                window,
                question,
              ),
            () => languages.headers(language),
          ),
        );
      };
    },
  };
}

/**
 * Each list's routes, `/v1/{list}`, `/v1/{list}/{id}` and `/v1/{list}/{id}/history`, from its
 * descriptor (README, "API overview").
 *
 * @example collectionRoutes('items').map((route) => route.path) // ['/v1/items', '/v1/items/{id}', '/v1/items/{id}/history']
 */
export function collectionRoutes(descriptor: ListDescriptor): RouteDeclaration[] {
  return [listRoute(descriptor), recordRoute(descriptor), historyRoute(descriptor)];
}
