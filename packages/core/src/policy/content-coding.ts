import Negotiator from 'negotiator';
import { boundedMemo } from '../bounded-memo.js';

/** The content codings the API compresses into (RFC 9110 §8.4.1). */
export type ContentCoding = 'br' | 'gzip';

/**
 * Compresses a body into a content coding. Adapters bring it (node:zlib on Node and Lambda): core does
 * no I/O and imports nothing from a runtime. Called once per cached answer and coding, never per request.
 */
export type Compress = (body: Uint8Array, coding: ContentCoding) => Uint8Array<ArrayBuffer>;

/** What an answer can be sent in, and the order of preference when a client accepts several alike: br is the smaller. */
const OFFERED = ['br', 'gzip', 'identity'] as const;

/** Negotiator's `encoding` with its `preferred` option, which @types/negotiator 0.6 does not declare. */
type PreferredEncoding = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;

/**
 * The best acceptable coding for a non-empty Accept-Encoding (`negotiateCoding`), by negotiator:
 * q-values, `*`, `q=0` and an unlisted identity as acceptable as the least wanted listed coding.
 */
function choose(header: string): ContentCoding | undefined {
  const accepted = header
    // `x-gzip` listed as a coding of its own (RFC 9110 §8.4.1.3: to be read as gzip), wherever the
    // list names it; negotiator knows no alias.
    .replace(/(^|,)([ \t]*)x-gzip(?=[ \t]*(?:[;,]|$))/gi, '$1$2gzip')
    // A `q` parameter whose value is not a weight (`[01]`, up to three decimals: RFC 9110 §12.4.2,
    // read leniently as `1.999` and `0.`): ignored, so the coding counts as listed without one
    // (q=1). Negotiator would read it with parseFloat and rule the coding out (`q=nonsense`), or
    // take it as it is (`q=2`, `q=.5`).
    .replace(/;[ \t]*q[ \t]*=(?![ \t]*[01](?:\.\d{0,3})?[ \t]*(?:[;,]|$))[^;,]*/gi, '');
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accepted } }) as Negotiator & {
    encoding: PreferredEncoding;
  };
  const best = negotiator.encoding(OFFERED, { preferred: OFFERED });
  return best === 'identity' ? undefined : (best as ContentCoding | undefined);
}

/** The choice for each Accept-Encoding seen lately: clients send a handful of distinct values, each negotiated once. */
const chosen = boundedMemo(choose);

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
  return header ? chosen(header) : undefined;
}
