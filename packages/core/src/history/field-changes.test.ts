import { describe, expect, it } from 'vitest';
import { recordFieldChanges } from './field-changes.js';

const identities = { stats: 'stat' };
const stat = (key: string, value: number, tags: string[] = []) => ({ stat: key, value, tags });

describe('recordFieldChanges', () => {
  it('names an element of a list with an identity by it, whatever its position', () => {
    const before = { id: 'a', stats: [stat('mgt', 8), stat('crit', 3)] };
    const after = { id: 'a', stats: [stat('crit', 4), stat('mgt', 8)] };
    expect(recordFieldChanges(identities, before, after)).toEqual([
      { path: 'stats[crit].value', from: 3, to: 4 },
    ]);
  });

  it('changes nothing for a list only reordered, or an object whose keys only moved', () => {
    const before = {
      id: 'a',
      stats: [stat('mgt', 8), stat('crit', 3)],
      roll: { mgt: [1, 2], crit: [3, 4] },
    };
    const after = {
      roll: { crit: [3, 4], mgt: [1, 2] },
      stats: [stat('crit', 3), stat('mgt', 8)],
      id: 'a',
    };
    expect(recordFieldChanges(identities, before, after)).toEqual([]);
  });

  it('gives an element added or removed whole, and a second one of the same identity its count', () => {
    const before = { stats: [stat('mgt', 8)] };
    const after = { stats: [stat('mgt', 8), stat('mgt', 2), stat('haste', 1)] };
    expect(recordFieldChanges(identities, before, after)).toEqual([
      { path: 'stats[mgt#2]', to: stat('mgt', 2) },
      { path: 'stats[haste]', to: stat('haste', 1) },
    ]);
    expect(recordFieldChanges(identities, after, before)).toEqual([
      { path: 'stats[mgt#2]', from: stat('mgt', 2) },
      { path: 'stats[haste]', from: stat('haste', 1) },
    ]);
  });

  it('names objects by position where the list has no identity; a list of plain values is one value', () => {
    const before = {
      effects: [
        { label: 'Burn', chance: 5 },
        { label: 'Ash', chance: 2 },
      ],
      dungeons: ['Crypt', 'Spire'],
      stats: [stat('mgt', 8, ['primary'])],
    };
    const after = {
      effects: [{ label: 'Blaze', chance: 5 }],
      dungeons: ['Spire'],
      stats: [stat('mgt', 8, ['secondary'])],
    };
    expect(recordFieldChanges(identities, before, after)).toEqual([
      { path: 'effects[0].label', from: 'Burn', to: 'Blaze' },
      { path: 'effects[1]', from: { label: 'Ash', chance: 2 } },
      { path: 'dungeons', from: ['Crypt', 'Spire'], to: ['Spire'] },
      { path: 'stats[mgt].tags', from: ['primary'], to: ['secondary'] },
    ]);
  });

  it('gives fields added and removed, members of an object, and a value whose type changed whole', () => {
    const before = {
      name: 'Dash',
      roll: { mgt: [1, 2] },
      subtype: 'plate',
      stats: [stat('mgt', 1)],
    };
    const after = {
      name: 'Dash',
      roll: { mgt: [1, 3], crit: [0, 1] },
      icon: 'dash',
      stats: 'none',
    };
    expect(recordFieldChanges(identities, before, after)).toEqual([
      { path: 'roll.mgt', from: [1, 2], to: [1, 3] },
      { path: 'roll.crit', to: [0, 1] },
      { path: 'subtype', from: 'plate' },
      { path: 'stats', from: [stat('mgt', 1)], to: 'none' },
      { path: 'icon', to: 'dash' },
    ]);
  });

  it('compares a list by position when one of its elements lacks the identity', () => {
    const before = { stats: [stat('mgt', 1), { value: 2 }] };
    const after = { stats: [{ value: 2 }, stat('mgt', 1)] };
    expect(recordFieldChanges(identities, before, after)).toEqual([
      { path: 'stats[0].stat', from: 'mgt' },
      { path: 'stats[0].value', from: 1, to: 2 },
      { path: 'stats[0].tags', from: [] },
      { path: 'stats[1].value', from: 2, to: 1 },
      { path: 'stats[1].stat', to: 'mgt' },
      { path: 'stats[1].tags', to: [] },
    ]);
  });

  it('takes a key holding undefined for no key, as JSON writes the record', () => {
    expect(recordFieldChanges(identities, { id: 'a', dungeons: undefined }, { id: 'a' })).toEqual(
      [],
    );
    expect(
      recordFieldChanges(
        identities,
        { id: 'a', subtype: undefined },
        { id: 'a', subtype: 'plate' },
      ),
    ).toEqual([{ path: 'subtype', to: 'plate' }]);
  });
});
