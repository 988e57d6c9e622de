/** The rate-limit tiers (README, "Rate limits and keys"). */
export type TierName = 'anonymous' | 'community' | 'images';

export interface Tier {
  name: TierName;
  limit: number;
  windowMs: number;
}

export const TIERS: Readonly<Record<TierName, Tier>> = {
  anonymous: { name: 'anonymous', limit: 60, windowMs: 60_000 },
  community: { name: 'community', limit: 600, windowMs: 60_000 },
  images: { name: 'images', limit: 1200, windowMs: 60_000 },
};
