import { describe, expect, it } from 'vitest';
import { formatDiff } from './format-diff.js';
import type { ReleaseDiff } from './release-diff.js';

const none = { added: [], removed: [], changed: [] };

describe('formatDiff', () => {
  it('writes counts per collection, then one line per added, removed and changed value', () => {
    const diff: ReleaseDiff = {
      from: '2026-12-01.1',
      collections: {
        items: {
          added: ['new-blade'],
          removed: ['old-helm'],
          changed: [
            {
              id: 'ember-blade',
              fields: [
                { path: 'stats[0].value', from: 12, to: 14 },
                { path: 'description', to: 'x'.repeat(100) },
              ],
            },
          ],
        },
        abilities: none,
        relics: none,
        followers: none,
        stats: none,
      },
      meta: [{ path: 'license', from: 'A', to: 'B' }],
      sprites: { added: [], removed: [], changed: ['blade'] },
      translations: {},
    };
    expect(formatDiff(diff, '2026-12-02.1')).toBe(
      [
        '2026-12-01.1 → 2026-12-02.1',
        'items: 1 added, 1 removed, 1 changed',
        '  items + new-blade',
        '  items − old-helm',
        '  items › ember-blade › stats[0].value 12 → 14',
        `  items › ember-blade › description (none) → "${'x'.repeat(78)}…`,
        'abilities: no change',
        'relics: no change',
        'followers: no change',
        'stats: no change',
        'sprites: 0 added, 0 removed, 1 changed',
        '  sprites ~ blade',
        'manifest:',
        '  manifest › license "A" → "B"',
        '',
      ].join('\n'),
    );
  });

  it('says a first release adds the manifest, not that it left it unchanged', () => {
    const diff: ReleaseDiff = {
      from: null,
      collections: {
        items: { added: ['ember-blade'], removed: [], changed: [] },
        abilities: none,
        relics: none,
        followers: none,
        stats: none,
      },
      meta: [],
      sprites: { added: ['blade'], removed: [], changed: [] },
      translations: {},
    };
    expect(formatDiff(diff, '2026-12-01.1')).toBe(
      [
        '2026-12-01.1 (first release)',
        'items: 1 added, 0 removed, 0 changed',
        'abilities: no change',
        'relics: no change',
        'followers: no change',
        'stats: no change',
        'sprites: 1 added, 0 removed, 0 changed',
        'manifest: added',
        '',
      ].join('\n'),
    );
  });

  it('writes each language whose translations changed: counts, then one line per record added or removed and per changed field', () => {
    const collections = {
      items: none,
      abilities: none,
      relics: none,
      followers: none,
      stats: none,
    };
    const diff: ReleaseDiff = {
      from: '2026-12-01.1',
      collections,
      meta: [],
      sprites: { added: [], removed: [], changed: [] },
      translations: {
        de: {
          change: 'changed',
          collections: {
            ...collections,
            items: {
              added: ['iron-helm'],
              removed: [],
              changed: [
                {
                  id: 'ember-blade',
                  fields: [{ path: 'effects[0].label', from: 'Glut', to: 'Glutstoß' }],
                },
              ],
            },
            stats: { added: [], removed: ['mgt'], changed: [] },
          },
          rarities: [{ path: 'rarities.4', from: 'legendär', to: 'Legendär' }],
        },
        fr: {
          change: 'added',
          collections: { ...collections, abilities: { added: ['dash'], removed: [], changed: [] } },
          rarities: [],
        },
      },
    };
    expect(formatDiff(diff, '2026-12-02.1').split('manifest: no change\n')[1]).toBe(
      [
        'translations de: items 1 added, 1 changed; stats 1 removed; rarities 1 changed',
        '  de › items + iron-helm',
        '  de › items › ember-blade › effects[0].label "Glut" → "Glutstoß"',
        '  de › stats − mgt',
        '  de › rarities.4 "legendär" → "Legendär"',
        'translations fr (added): abilities 1 added',
        '',
      ].join('\n'),
    );
  });
});
