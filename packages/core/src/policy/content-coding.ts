/** The content codings the API compresses into (RFC 9110 §8.4.1). */
export type ContentCoding = 'br' | 'gzip';

/**
 * Compresses a body into a content coding. Adapters bring it (node:zlib on Node and Lambda): core does
 * no I/O and imports nothing from a runtime. Called once per cached answer and coding, never per request.
 */
export type Compress = (body: Uint8Array, coding: ContentCoding) => Uint8Array<ArrayBuffer>;

/** In order of preference when a client accepts several alike: br is the smaller. */
const PREFERENCE = ['br', 'gzip', 'identity'] as const;
type Choice = (typeof PREFERENCE)[number];

/** Each listed coding's q-value (RFC 9110 §12.5.3), names lower-cased; `x-gzip` is gzip. */
function qualities(header: string): Map<string, number> {
  const listed = new Map<string, number>();
  for (const element of header.split(',')) {
    const [name = '', ...params] = element.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    const q = params
      .map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1])
      .find((v) => v !== undefined);
    listed.set(coding === 'x-gzip' ? 'gzip' : coding, q === undefined ? 1 : Number(q));
  }
  return listed;
}

/** The choice for each Accept-Encoding seen lately: clients send a handful of distinct values, each parsed once. */
const chosen = new Map<string, Choice>();
/** Bounds of `chosen`: distinct values kept (all dropped at once past it), and the longest kept. */
const MAX_CHOSEN = 64;
const MAX_CHOSEN_LENGTH = 256;

/** The best acceptable coding for a non-empty Accept-Encoding (`negotiateCoding`). */
function choose(header: string): Choice {
  const listed = qualities(header);
  const wildcard = listed.get('*');
  // Unlisted, identity is the fallback: as acceptable as the least wanted listed coding.
  const identity = wildcard ?? Math.min(...listed.values());
  const quality = (coding: Choice) =>
    listed.get(coding) ?? (coding === 'identity' ? identity : (wildcard ?? 0));
  let best: Choice = 'identity';
  let bestQuality = 0;
  for (const coding of PREFERENCE) {
    const q = quality(coding);
    if (q > bestQuality) {
      best = coding;
      bestQuality = q;
    }
  }
  return best;
}

/**
 * Which coding to send a compressible answer in, given the request's Accept-Encoding: the acceptable
 * one with the highest q-value, br before gzip before identity when they tie. No header means
 * identity. Unless listed (or covered by `*`), identity counts as acceptable as the least wanted
 * listed coding, so `br;q=0.5, gzip;q=0.8` gets gzip; when the client rules out everything
 * (`*;q=0`), the answer is sent uncompressed all the same (RFC 9110 §12.5.3 allows it), as the body
 * is still the one asked for. Returns undefined for identity.
 *
 * @example negotiateCoding('gzip, deflate, br') // 'br'
 * @example negotiateCoding('br;q=0.5, gzip') // 'gzip'
 */
export function negotiateCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  let best = chosen.get(header);
  if (best === undefined) {
    best = choose(header);
    if (header.length <= MAX_CHOSEN_LENGTH) {
      if (chosen.size >= MAX_CHOSEN) chosen.clear();
      chosen.set(header, best);
    }
  }
  return best === 'identity' ? undefined : best;
}
