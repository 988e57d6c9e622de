// manifest.json: publication metadata and the rarity scale the loader uses to name rarities.

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'];

/**
 * The export's manifest names no version: `pnpm publish-dataset` assigns one to each release.
 * Fixed, not derived from the clock: the same arguments must always write the same bytes.
 */
export function generateManifest() {
  return {
    license: 'CC BY 4.0 — game data © Emberfall Studios; see /docs',
    licenseId: 'CC-BY-4.0',
    docs: '/docs',
    // Addresses under .example (RFC 2606): the demo studio has none of its own.
    contact: {
      name: 'Emberfall Studios data desk',
      url: 'https://emberfall.example/data',
      email: 'data@emberfall.example',
    },
    rarities: RARITIES.map((name, value) => ({ value, name })),
  };
}
