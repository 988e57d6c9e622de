import { parseFieldList, type FieldItem } from './rate-limit-fields.js';

/**
 * The rate-limit state one response reported: from the IETF `RateLimit` and `RateLimit-Policy`
 * fields (draft-ietf-httpapi-ratelimit-headers-11) where they are present, else from the
 * `ratelimit-*` trio (README, "Rate limits and keys").
 *
 * @example
 * const { remaining, reset } = (await gd.items.list()).rateLimit ?? { remaining: 1, reset: 0 };
 * if (remaining === 0) console.log(`window rolls in ${reset} s`);
 */
export interface RateLimit {
  /** Requests allowed in the current window. */
  limit: number;
  /** Requests left in the window: a best-effort hint counted by the instance that answered. */
  remaining: number;
  /** Seconds until the window rolls over. */
  reset: number;
  /** The quota policy the request counted against — the tier: `anonymous`, `community` or `images`. */
  policy?: string;
  /** Length of the policy's window in seconds. */
  window?: number;
}

/**
 * Reads the rate-limit state of a response; undefined when it carried none. With several policies
 * in `RateLimit`, the one with the fewest requests left is the one that binds; the fields are read
 * when they give its quota (`q`), what is left (`r`) and the reset (`t`), else the trio is.
 *
 * @example
 * readRateLimit(response.headers) // { limit: 60, remaining: 12, reset: 41, policy: 'anonymous', window: 60 }
 */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const trio = readTrio(headers);
  const current = parseField(headers, 'ratelimit')?.filter((item) => item.params.r !== undefined);
  if (!current?.length) return trio;
  const binding = current.reduce((least, item) =>
    (item.params.r as number) < (least.params.r as number) ? item : least,
  );
  const policy = parseField(headers, 'ratelimit-policy')?.find(
    (item) => item.name === binding.name,
  )?.params;
  // Without the binding policy's quota and reset the fields say too little, and the trio, which may
  // describe another policy, is not mixed in: it is reported alone.
  if (policy?.q === undefined || binding.params.t === undefined) return trio;
  return {
    limit: policy.q,
    remaining: binding.params.r as number,
    reset: binding.params.t,
    policy: binding.name,
    // A window is at least a second (the draft's §3.1.3).
    ...(policy.w ? { window: policy.w } : {}),
  };
}

/** `ratelimit-limit`, `-remaining` and `-reset`, when all three are whole numbers. */
function readTrio(headers: Headers): RateLimit | undefined {
  const [limit, remaining, reset] = ['limit', 'remaining', 'reset'].map((part) =>
    wholeNumber(headers.get(`ratelimit-${part}`)),
  );
  return limit === undefined || remaining === undefined || reset === undefined
    ? undefined
    : { limit, remaining, reset };
}

function wholeNumber(value: string | null): number | undefined {
  return value !== null && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

function parseField(headers: Headers, name: string): FieldItem[] | undefined {
  const value = headers.get(name);
  return value === null ? undefined : parseFieldList(value);
}
