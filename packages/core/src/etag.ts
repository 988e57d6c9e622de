import { hashBytes, hashText, hashUtf8AsText } from './hash.js';

/**
 * Weak etag of a body, as text or as its bytes, that embeds the dataset version (a new release
 * changes every etag), e.g. `W/"2026-11-20.1-0k3f9…"`. Weak because equal bodies are semantically
 * equal, not byte-for-byte promises across encodings.
 *
 * @example makeWeakEtag('2026-11-20.1', '{"data":[]}')
 */
export function makeWeakEtag(datasetVersion: string, body: string | Uint8Array): string {
  return `W/"${datasetVersion}-${typeof body === 'string' ? hashText(body) : hashBytes(body)}"`;
}

/**
 * The etag `makeWeakEtag` gives the text that `utf8` encodes, worked out from its bytes.
 *
 * @example makeWeakTextEtag('2026-11-20.1', new TextEncoder().encode('{"data":[]}'))
 */
export function makeWeakTextEtag(datasetVersion: string, utf8: Uint8Array): string {
  return `W/"${datasetVersion}-${hashUtf8AsText(utf8)}"`;
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether an If-None-Match header matches the current etag. RFC 9110 §13.1.2: If-None-Match uses the
 * weak comparison (the `W/` prefix is ignored), takes a comma-separated list, and `*` matches any
 * current representation.
 *
 * @example matchesIfNoneMatch('W/"a", "b"', '"b"') // true
 */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  // What a client sends back most: the etag it was given, as it was given.
  if (header === etag) return true;
  const current = opaqueTag(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    // An empty entry (`"a",,"b"`) matches nothing: every etag is quoted, so none is empty.
    return tag === '*' || opaqueTag(tag) === current;
  });
}
