import { TIERS, type TierName } from '../ratelimit/tiers.js';

/** One rate-limit tier as the `x-rate-limit-tiers` extension of the document describes it. */
export interface TierDescription {
  name: TierName;
  limit: number;
  windowSeconds: number;
  keyedOn: string;
  appliesTo: string;
}

const BY_ADDRESS = 'client IP address (IPv6: its /64)';

/** Who each tier counts and which requests fall in it (README, "Rate limits and keys"). */
const RULES: Record<TierName, Pick<TierDescription, 'keyedOn' | 'appliesTo'>> = {
  anonymous: { keyedOn: BY_ADDRESS, appliesTo: 'requests without a valid key' },
  community: { keyedOn: 'key id', appliesTo: 'requests with a valid key' },
  images: { keyedOn: BY_ADDRESS, appliesTo: '/v1/img/{spriteId}.png, with or without a key' },
};

/**
 * The three tiers, machine-readable: limits and windows come from the limiter's own table.
 *
 * @example describeTiers()[0] // { name: 'anonymous', limit: 60, windowSeconds: 60, … }
 */
export function describeTiers(): TierDescription[] {
  return Object.values(TIERS).map((tier) => ({
    name: tier.name,
    limit: tier.limit,
    windowSeconds: tier.windowMs / 1000,
    ...RULES[tier.name],
  }));
}
