const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);
}

/**
 * Text from the OpenAPI document, whose descriptions are CommonMark (OpenAPI 3.1 §4.8): escaped, with
 * its code spans kept as code. No other markup is used there.
 */
export function inlineMarkdown(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Inline code. */
export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

/** A code block, labelled for screen readers and readers of the page alike. */
export function codeBlock(label: string, text: string): string {
  return `<figure><figcaption>${escapeHtml(label)}</figcaption><pre><code>${escapeHtml(text)}</code></pre></figure>`;
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/** A table whose cells are already HTML; it scrolls sideways on its own on a narrow screen. */
export function table(head: string[], rows: string[][]): string {
  const th = head.map((cell) => `<th scope="col">${cell}</th>`).join('');
  // data-label lets a narrow screen show each row as a card, its cells labelled (see docs-style.ts).
  const tr = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => `<td data-label="${escapeHtml(stripTags(head[i] ?? ''))}">${cell}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<div class="scroll"><table><thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table></div>`;
}

/** A linkable section: its heading links to itself, so any part of the page can be shared by URL. */
export function section(id: string, title: string, body: string, level: 2 | 3 = 2): string {
  return `<section id="${id}"><h${level}><a href="#${id}">${escapeHtml(title)}</a></h${level}>\n${body}\n</section>`;
}

/** Base64 SHA-256 of inline content, for a Content-Security-Policy hash source (CSP3 §2.3.1). */
export async function cspHash(content: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content)),
  );
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}
