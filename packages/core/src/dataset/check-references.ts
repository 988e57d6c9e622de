import type { ExportItem, RarityLevel } from './export-schemas.js';
import { spriteFile } from './dataset.js';
import type { DatasetProblem } from './problems.js';

/** Every stat key an item uses must be in stats.json, and every roll must be an ordered pair. */
export function checkItemReferences(
  item: ExportItem,
  statKeys: ReadonlySet<string>,
  problems: DatasetProblem[],
): void {
  const file = 'items.json';
  item.stats?.forEach((entry, i) => {
    if (!statKeys.has(entry.stat)) {
      problems.push({
        file,
        record: item.id,
        field: `stats[${i}].stat`,
        message: `unknown stat key "${entry.stat}" (not in stats.json)`,
      });
    }
  });
  for (const [key, [min, max]] of Object.entries(item.roll ?? {})) {
    if (!statKeys.has(key)) {
      problems.push({
        file,
        record: item.id,
        field: `roll.${key}`,
        message: `unknown stat key "${key}" (not in stats.json)`,
      });
    }
    if (min > max)
      problems.push({
        file,
        record: item.id,
        field: `roll.${key}`,
        message: `min ${min} is above max ${max}`,
      });
  }
}

/** A record's rarity, when present, must be on the manifest's scale. */
export function checkRarity(
  file: string,
  id: string,
  rarity: number | undefined,
  rarities: readonly RarityLevel[],
  problems: DatasetProblem[],
): void {
  if (rarity === undefined || rarities.some((r) => r.value === rarity)) return;
  const scale = rarities.map((r) => `${r.value} ${r.name}`).join(', ');
  problems.push({
    file,
    record: id,
    field: 'rarity',
    message: `${rarity} is not on the rarity scale (${scale})`,
  });
}

/** A relic's `min` must not be above its `max`. */
export function checkRange(
  file: string,
  id: string,
  min: number | undefined,
  max: number | undefined,
  problems: DatasetProblem[],
): void {
  if (min !== undefined && max !== undefined && min > max) {
    problems.push({ file, record: id, field: 'min', message: `min ${min} is above max ${max}` });
  }
}

/** Every icon a record names must have a sprite, so no response ever links to a missing image. */
export function checkIcons(
  file: string,
  records: ReadonlyArray<{ id: string; icon?: string | undefined }>,
  hasSprite: (id: string) => boolean,
  problems: DatasetProblem[],
): void {
  for (const record of records) {
    if (record.icon !== undefined && !hasSprite(record.icon)) {
      problems.push({
        file,
        record: record.id,
        field: 'icon',
        message: `no sprite "${spriteFile(record.icon)}"`,
      });
    }
  }
}
