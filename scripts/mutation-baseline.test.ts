import { describe, expect, it } from 'vitest';
import { compareWithBaseline, snippetOf, survivorsOf } from './mutation-baseline.mjs';

const SOURCE = 'const dot = text.indexOf(".");\nif (dot < 1) throw bad();\n';
const at = (line: number, from: number, to: number) => ({
  start: { line, column: from },
  end: { line, column: to },
});
const report = (status: string, line = 2) => ({
  files: {
    '/repo/packages/core/src/cursor.ts': {
      source: SOURCE.replace('if', '\n'.repeat(line - 2) + 'if'),
      mutants: [
        {
          status,
          mutatorName: 'EqualityOperator',
          replacement: 'dot <= 1',
          location: at(line, 5, 12),
        },
      ],
    },
  },
});
const ENTRY = {
  file: 'src/cursor.ts',
  mutator: 'EqualityOperator',
  original: 'dot < 1',
  replacement: 'dot <= 1',
  reason: 'the same 400 later',
};

describe('the mutation baseline', () => {
  it('reads the original code of a mutant from the report by its lines and columns', () =>
    expect(snippetOf(SOURCE, at(2, 5, 12))).toBe('dot < 1'));

  it('names an undetected mutant by its file in the package, mutator, original and replacement', () =>
    expect(survivorsOf(report('NoCoverage'), '/repo/packages/core')).toEqual([
      {
        file: 'src/cursor.ts',
        line: 2,
        status: 'NoCoverage',
        mutator: 'EqualityOperator',
        original: 'dot < 1',
        replacement: 'dot <= 1',
      },
    ]));

  it('leaves out mutants that a test killed or outlasted', () => {
    expect(survivorsOf(report('Killed'), '/repo/packages/core')).toEqual([]);
    expect(survivorsOf(report('Timeout'), '/repo/packages/core')).toEqual([]);
  });

  it('accepts a survivor its baseline lists, wherever its line has moved to', () => {
    const survivors = survivorsOf(report('Survived', 9), '/repo/packages/core');
    expect(compareWithBaseline(survivors, [ENTRY], ['src/cursor.ts'])).toEqual({
      unexpected: [],
      stale: [],
    });
  });

  it('fails on a survivor that differs from every entry in mutator, code or file', () => {
    const survivors = survivorsOf(report('Survived'), '/repo/packages/core');
    for (const entry of [
      { ...ENTRY, mutator: 'ConditionalExpression' },
      { ...ENTRY, replacement: 'false' },
      { ...ENTRY, original: 'dot > 1' },
      { ...ENTRY, file: 'src/etag.ts' },
    ])
      expect(compareWithBaseline(survivors, [entry], []).unexpected).toEqual(survivors);
  });

  it('ignores how the entry spaces its code', () => {
    const survivors = survivorsOf(report('Survived'), '/repo/packages/core');
    const spaced = { ...ENTRY, original: 'dot  <\n 1' };
    expect(compareWithBaseline(survivors, [spaced], []).unexpected).toEqual([]);
  });

  it('names the entries of the files that ran that no mutant survived for, and only those', () => {
    expect(compareWithBaseline([], [ENTRY], ['src/cursor.ts']).stale).toEqual([ENTRY]);
    expect(compareWithBaseline([], [ENTRY], ['src/etag.ts']).stale).toEqual([]);
  });
});
