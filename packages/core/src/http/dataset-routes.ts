import { gameList } from '../dataset/game-list.js';
import { languageHeaders } from '../policy/headers.js';
import {
  imageRepresentation,
  textRepresentation,
  type Representation,
} from '../policy/representation.js';
import { changesBody, recordBody, statsBody } from '../query/bodies.js';
import { changesSince } from '../query/changes-query.js';
import { changesWithRecords, includesRecords } from '../query/included-records.js';
import { readParam } from '../read-param.js';
import { queryOf } from './request-context.js';
import { chooseLanguage } from './request-language.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

const SPRITE_FILE = /^([A-Za-z0-9._-]+)\.png$/;

/** `/v1/stats`: the whole stat vocabulary. */
const statsRoute: RouteDeclaration = {
  path: '/v1/stats',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'listStats',
    tags: ['stats'],
    summary: 'The whole stat vocabulary',
    description:
      'Small and unpaginated: every key used in `item.stats[].stat` and `item.roll`. Stat keys are not guessable; read them here.',
    parameters: [o.languageParameter(), o.key],
    responses: {
      '200': o.jsonResponse('Every stat.', 'StatList', o.headers.json, o.examples.listStats),
      '400': o.ref('responses', 'BadRequest'),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler(release) {
    const { caches, languages } = release;
    return (c) => {
      const language = chooseLanguage(c, languages);
      const key = language === languages.default ? 'stats' : `stats|${language}`;
      return release.responder.representation(
        c,
        caches.json(
          key,
          () => statsBody(languages.stats(language).stats),
          () => languages.headers(language, languages.stats(language).fellBack),
        ),
      );
    };
  },
};

/** `/v1/meta`: the dataset's version and counts. */
const metaRoute: RouteDeclaration = {
  path: '/v1/meta',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getMeta',
    tags: ['meta'],
    summary: 'Dataset version and counts',
    description: 'Poll this (or read `x-dataset-version` on any response) to notice a new dataset.',
    parameters: [o.key],
    responses: {
      '200': o.jsonResponse(
        'The dataset description.',
        'MetaResponse',
        o.headers.json,
        o.examples.getMeta,
      ),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler(release) {
    const { caches } = release;
    return (c) =>
      release.responder.representation(
        c,
        caches.json('meta', () => recordBody(release.dataset.meta)),
      );
  },
};

/** `/v1/changes`: our extension, the releases after `since`. */
const changesRoute: RouteDeclaration = {
  path: '/v1/changes',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'listChanges',
    tags: ['changes'],
    summary: 'What changed since a version',
    description:
      "Our extension of the contract. Every release after `since` up to the current one, oldest first, each with its version, published time and, per collection, the ids it added, changed and removed, the sprite ids whose image it added, replaced or removed, and, per language under `translations`, the ids whose translation it added, changed or removed and whether it changed the rarity names. Fetch the changed and added records by id (`ids=` on a list), drop the removed ones, and your copy is current; a changed sprite id means the image at its URL changed, so fetch it again past any cache; a copy in another language (`lang=`) also fetches again the ids listed under that language (every record with a `rarityName`, when its rarity names changed). A release that changed only a translation is listed with empty `collections`. `since` may be any release this server's releases directory holds, back to the oldest the history keeps (the last 100 releases): when a rollback passed over `since` (it is not an ancestor of the current release), the answer is one entry, labelled with the current release's version and published time, holding the net change from `since` to the current release. Unpaginated; with `include=records`, the records themselves come too, in one request or a few pages (`limit`, `cursor`), in the language of `lang`.",
    parameters: [
      o.sinceParameter(),
      o.includeParameter(),
      ...o.pageParameters,
      o.languageParameter(),
      o.key,
    ],
    responses: {
      '200': o.jsonResponse(
        'The releases after `since`.',
        'ReleaseChangeList',
        o.headers.json,
        o.examples.listChanges,
      ),
      '400': o.ref('responses', 'BadRequest'),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler(release) {
    const { caches, languages, dataset } = release;
    return (c) => {
      const params = queryOf(c);
      const { since, changes } = changesSince(dataset.history, params);
      // A copy's language is the one it asks for: without `lang`, the default, whatever
      // Accept-Language says, so that the answer, like every /v1/changes, does not vary on it.
      const language =
        readParam(params, 'lang') === undefined ? languages.default : chooseLanguage(c, languages);
      // Only a known version gets here: one cached body per version `since` accepts.
      // The ids alone are the same in every language; the answer says which was asked for.
      if (!includesRecords(params))
        return release.responder.representation(
          c,
          language === languages.default
            ? caches.json(`changes|${since}`, () => changesBody(changes))
            : caches.json(
                `changes|${since}|${language}`,
                () => changesBody(changes),
                () => languages.headers(language),
              ),
        );
      const body = () =>
        changesWithRecords(dataset, languages, changes, { since, language, params });
      return release.responder.representation(
        c,
        caches.json(
          JSON.stringify([
            'changes',
            since,
            language,
            readParam(params, 'limit'),
            readParam(params, 'cursor'),
          ]),
          body,
          () => languages.headers(language),
        ),
      );
    };
  },
};

/** `/v1/changes.atom`: our extension, the releases as an Atom feed a reader can follow. */
const changesFeedRoute: RouteDeclaration = {
  path: '/v1/changes.atom',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getChangesFeed',
    tags: ['changes'],
    summary: 'The releases as an Atom feed',
    description:
      "Our extension of the contract. An Atom feed (RFC 4287), newest first, of every release the server's releases directory served, as far back as `/v1/changes` describes them, the first included, and of every rollback or return to a newer release made there. A release's entry has the version, when it was published, a summary of what it changed from the release before it per collection and in the artwork (counts and the first names) and a link to `/v1/changes?since=` the release before it (a release a rollback withdrew, and the oldest the history keeps: since itself). A rollback's entry, dated when it was made, names the release served again, the one it replaced and the releases it withdrew, and links to `/v1/changes?since=` the release it replaced. Entry ids are stable. Links are relative to the feed's URL. Follow it in a feed reader, or in a chat or wiki bot, to hear of each release.",
    parameters: [o.key],
    responses: {
      '200': {
        description: 'The Atom feed.',
        headers: o.headers.json,
        content: { 'application/atom+xml': { schema: { type: 'string' } } },
      },
      ...o.commonResponses('NotModified'),
    },
  }),
  handler({ dataset, responder }) {
    // Made on the first request, then reused: its code is loaded then, not at start (a cold start
    // does not pay for it), and its ids are hashed with WebCrypto, which answers asynchronously.
    let feed: Promise<Representation> | undefined;
    const representation = async () => {
      const { ATOM_CONTENT_TYPE, atomFeed, releaseFeedIds } = await import('../feed/atom-feed.js');
      // Its text stays in the dataset's language, whatever the reader's.
      const feedText = atomFeed(dataset, await releaseFeedIds(dataset));
      return textRepresentation(
        dataset.meta.version,
        feedText,
        ATOM_CONTENT_TYPE,
        languageHeaders(dataset.language, dataset.language),
      );
    };
    return async (c) => responder.representation(c, await (feed ??= representation()));
  },
};

/** `/v1/img/{spriteId}.png`: a sprite's PNG, counted under the images tier. */
const imageRoute: RouteDeclaration = {
  path: '/v1/img/{spriteId}.png',
  methods: GET_AND_HEAD,
  tier: 'images',
  operation: (o) => ({
    operationId: 'getImage',
    tags: ['images'],
    summary: 'Artwork',
    description:
      "The PNG named by a record's `icon`. Counted under the images tier, with or without a key.",
    parameters: [
      o.pathParameter(
        'spriteId',
        'A sprite id: the `icon` of a record.',
        gameList(o.dataset, 'items')?.records.find((item) => item.icon)?.icon,
      ),
      o.key,
    ],
    responses: {
      '200': {
        description: 'The PNG.',
        headers: o.headers.image,
        content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
      },
      '404': o.ref('responses', 'NotFound'),
      ...o.commonResponses('ImageNotModified'),
    },
  }),
  handler({ dataset, responder }) {
    // One per sprite that exists, so bounded by the dataset.
    const images = new Map<string, Representation>();
    // Sprites come only from the loaded set, looked up by id in a Map: a request path is never joined
    // onto a file path, so `..`, `.env` or `%2e%2e` can only ever be "no such sprite".
    return (c) => {
      const file = c.req.param('spriteId') ?? '';
      const id = SPRITE_FILE.exec(file)?.[1];
      const sprite = id === undefined ? undefined : dataset.sprites.get(id);
      if (!sprite) return responder.notFound(c, `No sprite "${file}".`);
      let image = images.get(file);
      if (!image) images.set(file, (image = imageRepresentation(dataset.meta.version, sprite)));
      return responder.representation(c, image);
    };
  },
};

/**
 * The data endpoints besides the lists (README, "API overview"), and our extension, the releases'
 * changes.
 */
export const DATASET_ROUTES: readonly RouteDeclaration[] = [
  statsRoute,
  metaRoute,
  changesRoute,
  changesFeedRoute,
];

/** The artwork, `/v1/img/{spriteId}.png` (README, "API overview"). */
export const IMAGE_ROUTES: readonly RouteDeclaration[] = [imageRoute];
