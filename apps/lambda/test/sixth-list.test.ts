// A list declared in test code alone (core's `testing/quests.ts`), published with its registry and
// answered through the Lambda adapter with real-shaped events of every kind: the handler carries
// whatever list the app serves, and no edit of it names one.
import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { readRelease } from '@gamedata/server-io/release';
import { publishQuestRelease, QUEST_REGISTRY } from '@gamedata/test-support/quest-export';
import { createHandler } from '../src/handler.js';
import { LAMBDA_CONTEXT } from './support/built-handler.js';
import { EVENT_KINDS, toEvent, toReply } from './support/lambda-events.js';

const releasesDir = await publishQuestRelease();
const { dataset } = await readRelease(releasesDir, undefined, QUEST_REGISTRY);
const handler = createHandler(createApp({ dataset }), {
  datasetVersion: dataset.meta.version,
  datasetLanguage: dataset.language,
  log: () => {},
  logError: (message, error) => {
    throw new Error(`${message}: ${String(error)}`);
  },
});

describe.each(EVENT_KINDS.map(({ kind }) => kind))(
  'a list declared in test code alone, as %s events',
  (kind) => {
    const send = async (path: string) =>
      toReply(
        await handler(
          toEvent(kind, { method: 'GET', path, headers: {}, sourceIp: '198.51.100.7' }),
          LAMBDA_CONTEXT,
        ),
      );

    it('answers its list, a range, a record, its facets and a search', async () => {
      const page = JSON.parse((await send('/v1/quests?level=10..20')).text) as {
        data: Array<{ id: string }>;
      };
      expect(page.data.map(({ id }) => id)).toEqual(['wolf-hunt']);
      const record = await send('/v1/quests/ashes-of-the-forge?lang=de');
      expect(record.status).toBe(200);
      expect(record.headers.get('content-language')).toBe('de');
      expect(JSON.parse(record.text).data.name).toBe('Asche der Schmiede');
      expect(
        JSON.parse((await send('/v1/facets/quests?facet=level')).text).data.level,
      ).toHaveLength(3);
      expect(JSON.parse((await send('/v1/search?q=lost')).text).data[0]).toMatchObject({
        collection: 'quests',
        id: 'lost-ring',
      });
      expect((await send('/v1/quests?level=x')).status).toBe(400);
    });
  },
);
