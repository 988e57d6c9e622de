import { languagesBody } from '../language/languages-body.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

/** `/v1/languages`: our extension, the languages the dataset's text is served in. */
const languagesRoute: RouteDeclaration = {
  path: '/v1/languages',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'listLanguages',
    tags: ['languages'],
    summary: 'The languages of the text',
    description:
      'Our extension of the contract. Every language the dataset is served in, the default first (the one records are published in, and untranslated text falls back to), each with its BCP 47 tag, its names in English and in itself, and its coverage: per collection and for the rarity names, the fields it translates against those the records have. Pick one with `lang` on a list, a record or /v1/stats, or let Accept-Language choose. Unpaginated.',
    parameters: [o.key],
    responses: {
      '200': o.jsonResponse(
        'Every language.',
        'LanguageList',
        o.headers.json,
        o.examples.listLanguages,
      ),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler({ dataset, caches, responder }) {
    return (c) =>
      responder.representation(
        c,
        caches.json('languages', () => languagesBody(dataset)),
      );
  },
};

/** The languages of the dataset (our extension). */
export const LANGUAGE_ROUTES: readonly RouteDeclaration[] = [languagesRoute];
