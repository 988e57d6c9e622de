// manifest.json: publication metadata and the rarity scale the loader uses to name rarities.

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'];

/** Fixed, not derived from the clock: the same arguments must always write the same bytes. */
export function generateManifest() {
  return {
    version: '2026-11-20.1',
    published: '2026-11-20T09:30:00Z',
    license: 'CC BY 4.0 — game data © Emberfall Studios; see /docs',
    docs: '/docs',
    rarities: RARITIES.map((name, value) => ({ value, name })),
  };
}
