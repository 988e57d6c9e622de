import { z } from 'zod';
import { REGISTRY } from '../collections/collections.js';
import type { CollectionDescriptor } from '../collections/descriptor.js';
import { idField, nameField, numberField, plainField, textField } from '../collections/fields.js';
import { search } from '../collections/filters.js';
import { idList } from '../collections/id-filter.js';
import { defineRegistry } from '../collections/registry.js';
import type { GameLists } from '../dataset/dataset.js';
import { ID_PATTERN, shortText } from '../schemas/records.js';
import { fixtureSource } from './fixture-source.js';

/**
 * A list the API does not have, declared here alone: what a sixth kind of content takes. Every
 * layer reads it from this declaration — publishing, the release file, routes, queries, search,
 * bulk files, translations, the OpenAPI document.
 */
export const QuestSchema = z
  .object({
    id: z.string().max(64).regex(ID_PATTERN),
    name: shortText(),
    description: z.string().max(2000).optional(),
    region: shortText().optional().meta({ description: 'Where the quest is given.' }),
    level: z.int().min(1).meta({ description: 'The level it is made for.' }),
    icon: z.string().max(64).regex(ID_PATTERN).optional(),
  })
  .meta({ description: 'A quest.' });

export type Quest = z.infer<typeof QuestSchema>;

export const QUESTS: CollectionDescriptor<Quest> = {
  name: 'quests',
  noun: 'quest',
  typeName: 'Quest',
  description: 'Quests.',
  fields: [
    idField(),
    nameField(),
    textField('region'),
    numberField('level', true),
    plainField('description'),
    plainField('icon'),
  ],
  translatable: { name: 'text', description: 'text' },
  schemas: { record: QuestSchema },
  searches: [search(), idList()],
  exampleQuery: () => 'level=10..&limit=2',
  exampleRecord: (records) => records[0],
  exampleFilters: { region: 'emberdeep', level: '10..20' },
};

/** The API's lists and the quests. */
export const QUEST_REGISTRY = defineRegistry<GameLists & { quests: Quest }>([
  ...REGISTRY.lists,
  QUESTS,
]);

/**
 * The quests of the fixture export, with internal fields an export carries (their values canaries a
 * leak test looks for: `QUEST_CANARIES`).
 */
export const FIXTURE_QUESTS = [
  {
    id: 'ashes-of-the-forge',
    name: 'Ashes of the Forge',
    description: 'Relight the <b>forge</b>.',
    region: 'Emberdeep',
    level: 24,
    icon: 'sword.4',
    rewardTableId: 'QUEST-CANARY-rt-12',
  },
  { id: 'lost-ring', name: 'The Lost Ring', region: 'Jade Coast', level: 8 },
  { id: 'wolf-hunt', name: 'Wolf Hunt', region: 'Emberdeep', level: 12, spawnWeight: 0.00073915 },
];

/** What the quests' internal fields hold: no answer and no file a server reads may hold any of them. */
export const QUEST_CANARIES = ['QUEST-CANARY', 'rewardTableId', 'spawnWeight', '0.00073915'];

/** The fixture export with its quests, translated into German in part. */
export function questSource() {
  const source = fixtureSource();
  Object.assign(source.files, {
    'quests.json': FIXTURE_QUESTS,
    'translations/de/quests.json': {
      'ashes-of-the-forge': { name: 'Asche der Schmiede', description: 'Entfache die Schmiede.' },
      'wolf-hunt': { name: 'Wolfsjagd' },
    },
    'translations/de/items.json': { ashbringer: { name: 'Aschenbringer' } },
  });
  return source;
}
