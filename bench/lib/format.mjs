// The figures as Markdown tables, ready to quote.

export const rate = (value) => Math.round(value).toLocaleString('en');
export const ms = (value) => value.toFixed(value < 10 ? 2 : 1);
export const ratio = (value) => value.toFixed(2);
export const percent = (value) => `${Math.round(value * 100)}%`;
/** A run's median and 99th-percentile latency. */
export const latencies = (run) => `${ms(run.p50)} / ${ms(run.p99)}`;

/** A Markdown table from a header row and rows of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
