import { knownVersions } from '../dataset/release-history.js';
import { languageHeaders, STATUS_CACHE_CONTROL } from '../policy/headers.js';
import { jsonRepresentation, type Representation } from '../policy/representation.js';
import { recordBody } from '../query/bodies.js';
import type { Status } from '../schemas/records.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

/** `/v1/status`: our extension, the state of the instance that answered. */
const statusRoute: RouteDeclaration = {
  path: '/v1/status',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getStatus',
    tags: ['status'],
    summary: 'The instance that answered',
    description:
      'Our extension of the contract. The dataset version this instance serves and when it was published, how many versions `/v1/changes` accepts as `since`, whether rate limits are shared by every instance (Redis) or counted by this one alone right now, and when it started. Cached for a few seconds: it changes when the rate limits switch, and its etag with it.',
    parameters: [o.key],
    responses: {
      '200': o.jsonResponse('The status.', 'StatusResponse', o.headers.status),
      ...o.commonResponses('StatusNotModified'),
    },
  }),
  handler({ dataset, responder, instance }) {
    const { version, published } = dataset.meta;
    const fixed = { version, published, sinceVersions: knownVersions(dataset.history).length };
    const started = new Date(instance.startedAt).toISOString();
    // Within a release only the rate limits' state can change: one answer for each, made once.
    const answers = new Map<Status['rateLimits'], Representation>();
    return (c) => {
      const { rateLimits } = instance;
      let answer = answers.get(rateLimits);
      if (!answer)
        answers.set(
          rateLimits,
          (answer = jsonRepresentation(
            version,
            recordBody<Status>({ ...fixed, rateLimits, started }),
            languageHeaders(dataset.language, dataset.language),
            STATUS_CACHE_CONTROL,
          )),
        );
      return responder.representation(c, answer);
    };
  },
};

/** The state of the instance (our extension). */
export const STATUS_ROUTES: readonly RouteDeclaration[] = [statusRoute];
