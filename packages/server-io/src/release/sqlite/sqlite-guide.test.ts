import { describe, expect, it } from 'vitest';
import { SQLITE_QUESTIONS, SQLITE_TABLES, sqliteGuide } from './sqlite-guide.js';

const release = (languages: string[], stats: string[]) => ({
  translations: Object.fromEntries(languages.map((tag) => [tag, {}])) as never,
  stats: stats.map((key) => ({ key })) as never,
});

describe('sqliteGuide', () => {
  it('gives every question to a release with the languages and stat keys they name', () => {
    expect(sqliteGuide(release(['de', 'es', 'fr'], ['mgt', 'hp0']))).toEqual({
      tables: SQLITE_TABLES,
      questions: SQLITE_QUESTIONS.map(({ sql }) => sql),
    });
  });

  it('leaves out a question naming a column the release has not', () => {
    const names = (languages: string[], stats: string[]) =>
      sqliteGuide(release(languages, stats)).questions.map((sql) => sql.split('\n')[0]);
    expect(names([], [])).toEqual([
      '-- What the last release changed (/v1/changes?since=<the release before>)',
      '-- How many epic-or-better items each slot has, a facet as GROUP BY (/v1/facets/items?rarity=epic..&facet=slot)',
    ]);
    expect(names(['de'], ['mgt'])).toHaveLength(5);
    expect(names(['de', 'es', 'fr'], [])).toHaveLength(4);
  });
});
