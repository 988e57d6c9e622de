import type { Reply } from '@gamedata/test-support/send';

/** One finding of Prism's, as it reports them in `sl-violations`. */
export interface Violation {
  /** `request` or `response`, then where: `['response', 'body', 'data', '0', 'roll']`. */
  location: string[];
  severity: string;
  message: string;
}

/**
 * Prism's findings for one exchange, from the `sl-violations` header it adds to the answer (absent
 * when it found nothing). Past 8 KiB Prism truncates the header behind a "Too many violations!"
 * prefix; that is reported as one finding with the text as sent.
 *
 * @example violationsOf(reply).map((v) => v.message)
 */
export function violationsOf(reply: Reply): Violation[] {
  const header = reply.headers.get('sl-violations');
  if (header === null) return [];
  try {
    return JSON.parse(header) as Violation[];
  } catch {
    return [{ location: ['response'], severity: 'Error', message: header }];
  }
}

/**
 * The findings that show the document and the server disagree, for a request the server answered
 * with `status`:
 * - anything about the response: the document does not describe what the server sent;
 * - anything about a request the server accepted (2xx, 3xx): the document refuses what the server
 *   serves. On a 4xx the request is one the document calls invalid or has no route for, which is
 *   the point of the case (the server's answer is still held to the document);
 * - except the warning that `?key=` is deprecated, which the document says on purpose.
 *
 * @example disagreements([{ location: ['request', 'query', 'limit'], severity: 'Error', message: 'must be integer' }], 400) // []
 */
export function disagreements(violations: readonly Violation[], status: number): Violation[] {
  const refused = status >= 400 && status < 500;
  return violations.filter(({ location, severity, message }) => {
    if (location[0] === 'response') return true;
    return !refused && !(severity === 'Warning' && /is deprecated$/.test(message));
  });
}
