import type { ServerProcess } from '@gamedata/test-support/spawn';

/** Where a server started with `GAMEDATA_METRICS_PORT` serves its metrics, as its ready line says. */
export function metricsUrlOf(server: ServerProcess): string {
  const ready = server
    .output()
    .split('\n')
    .find((line) => line.includes('"msg":"ready"'));
  const url = (JSON.parse(ready ?? '{}') as { metrics?: string }).metrics;
  if (url === undefined) throw new Error(`no metrics URL in the ready line:\n${server.output()}`);
  return url;
}

/** The value of one series (name and labels, as written) in Prometheus' text format; undefined when absent. */
export function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The metrics text a server serves now. */
export async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}
