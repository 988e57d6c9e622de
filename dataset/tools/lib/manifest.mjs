// manifest.json: publication metadata and the rarity scale the loader uses to name rarities.

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'];

/**
 * The export's manifest names no version: `pnpm publish-dataset` assigns one to each release.
 * Fixed, not derived from the clock: the same arguments must always write the same bytes.
 */
export function generateManifest() {
  return {
    license: 'CC BY 4.0 — game data © Emberfall Studios; see /docs',
    docs: '/docs',
    rarities: RARITIES.map((name, value) => ({ value, name })),
  };
}
