import { describe, expect, it } from 'vitest';
import { decodeSnapshot, encodeSnapshot } from '../release/snapshot.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { listBody, listBodyBytes } from './bodies.js';
import { parseListQuery } from './list-query.js';
import { matchIndexes, selectPage, selectPositions } from './select-page.js';

const fixture = fixtureDataset();
const snapshot = decodeSnapshot(encodeSnapshot(fixture));

describe('listBodyBytes', () => {
  it.each(['', 'limit=2', 'limit=1&q=ring', 'slot=tail', 'ids=party-hat,jade-ring&limit=1'])(
    '?%s: byte for byte the JSON of listBody, from the stored record JSON',
    (search) => {
      const query = parseListQuery('items', new URLSearchParams(search), snapshot);
      const matched = matchIndexes(snapshot.lists.items, query);
      const version = snapshot.meta.version;
      const expected = JSON.stringify(
        listBody(selectPage(fixture.lists.items, matched, query, version, 'en')),
      );
      expect(
        new TextDecoder().decode(
          listBodyBytes(
            selectPositions(snapshot.lists.items, matched, query, version, 'en'),
            snapshot.lists.items.json!,
          ),
        ),
      ).toBe(expected);
    },
  );
});
