// A list declared in test code alone (core's `testing/quests.ts`), published with its registry and
// answered through the Lambda adapter with real-shaped events of every kind: the handler carries
// whatever list the app serves, and no edit of it names one.
import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { compressBody } from '@gamedata/server-io/compress';
import { readRelease } from '@gamedata/server-io/release';
import { testKeyStore } from '@gamedata/test-support/demo';
import { runCase } from '@gamedata/test-support/http-table';
import {
  publishQuestRelease,
  QUEST_REGISTRY,
  questListTable,
} from '@gamedata/test-support/quest-export';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess } from '@gamedata/test-support/send';
import { createHandler } from '../src/handler.js';
import { LAMBDA_CONTEXT } from './support/built-handler.js';
import { sendThroughLambda } from './support/http-table-through-lambda.js';
import { EVENT_KINDS, toEvent, toReply } from './support/lambda-events.js';

const releasesDir = await publishQuestRelease();
const { dataset } = await readRelease(releasesDir, undefined, QUEST_REGISTRY);
const keyStore = await testKeyStore();

describe.each(EVENT_KINDS.map(({ kind }) => kind))(
  'a list declared in test code alone, as %s events',
  (kind) => {
    // A handler of its own per kind: its rate limits count this kind's requests alone.
    const handler = createHandler(createApp({ dataset, keyStore }), {
      datasetVersion: dataset.meta.version,
      datasetLanguage: dataset.language,
      log: () => {},
      logError: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
    });
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

    it('answers the table of every list of its registry as core does in-process', async () => {
      const reference = createApp({ dataset, keyStore, compress: compressBody });
      for (const [index, row] of questListTable(dataset).entries()) {
        const sourceIp = `198.51.100.${index % 250}`;
        const reply = await runCase(sendThroughLambda(handler, kind, sourceIp), row);
        expectSameAnswer(reply, await runCase(sendInProcess(reference, sourceIp), row));
      }
    });
  },
);
