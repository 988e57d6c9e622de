import {
  DEPRECATIONS,
  DEPRECATIONS_ANCHOR,
  REMOVAL_NOTICE_MONTHS,
  SUNSET_NOTICE_MONTHS,
  type Deprecation,
} from '../policy/deprecations.js';
import { deprecationHeaders } from '../policy/headers.js';
import { code, codeBlock, inlineMarkdown as md, section, table } from './html.js';

/** A day as the reference writes it: `2026-11-25`. */
const day = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

function row(deprecation: Deprecation): string[] {
  return [
    md(deprecation.subject),
    day(deprecation.deprecatedAt),
    deprecation.sunsetAt === undefined ? 'not set' : day(deprecation.sunsetAt),
    md(deprecation.instead),
  ];
}

/** The notice as an answer carries it, from the policy itself: what a client can match on. */
function exampleNotice(deprecation: Deprecation): string {
  return Object.entries(deprecationHeaders(deprecation, '/docs'))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** The deprecation policy: how long what is deprecated keeps working, how it is announced, and what is deprecated now. */
export function renderDeprecations(): string {
  const first = DEPRECATIONS[0];
  return section(
    DEPRECATIONS_ANCHOR,
    'Deprecations',
    `<p>Nothing in ${code('/v1')} goes away or changes incompatibly without notice. A parameter, field or endpoint that is going away is first <em>deprecated</em>: the change is announced in the changelog and listed in the table below, and from that day every answer to a request that uses it — any status, ${code('304')}, ${code('404')} and ${code('429')} included — carries ${code('Deprecation')} (RFC 9745: ${code('@')} and the day it was deprecated, in Unix seconds) and ${code('Link: <…/docs#deprecations>; rel="deprecation"')}, which points here. A deprecated field is sent on every answer that holds it.</p>
<p>What is deprecated keeps working, unchanged, for at least ${REMOVAL_NOTICE_MONTHS} months after it was deprecated. Its removal date is set at least ${SUNSET_NOTICE_MONTHS} months ahead, announced the same way, and from then on sent as ${code('Sunset')} (RFC 8594, an HTTP-date) beside ${code('Deprecation')}. It stops working on that date, not before. The notice depends on the request alone, never on a cached answer, and browser scripts on any origin may read all three headers. The SDK reports each notice it sees once (${code('onDeprecation')}).</p>
${table(['Deprecated', 'Since', 'Removal', 'Use instead'], DEPRECATIONS.map(row))}
${first ? codeBlock('Headers of an answer to a request that uses it', exampleNotice(first)) : ''}`,
  );
}
