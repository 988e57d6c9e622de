import type { LanguageCoverage } from '@gamedata/core';

/** A fraction as a percentage with one decimal, rounded down: only a complete translation reads 100%. */
function percent(fraction: number): string {
  return `${(Math.floor(fraction * 1000) / 10).toFixed(1)}%`;
}

/**
 * Each language's coverage as a person reads it: one line per language, the share of translated
 * fields per collection and of the rarity names, with the counts behind it. Nothing without translations.
 *
 * @example formatCoverage(outcome.coverage) // 'coverage de: items 75.0% (1,800/2,400); abilities 100.0% (80/80); …\n'
 */
export function formatCoverage(coverage: Readonly<Record<string, LanguageCoverage>>): string {
  const count = (n: number) => n.toLocaleString('en');
  return Object.entries(coverage)
    .map(([tag, language]) => {
      // Each collection's, then the rarity names'.
      const parts = Object.entries(language).map(
        ([name, { translated, translatable, fraction }]) => {
          return `${name} ${percent(fraction)} (${count(translated)}/${count(translatable)})`;
        },
      );
      return `coverage ${tag}: ${parts.join('; ')}\n`;
    })
    .join('');
}
