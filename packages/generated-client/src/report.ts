/**
 * What the client program found against the live server. Declared here, outside the program, because
 * the program's own types exist only once the test has generated them from the served document.
 */
export interface ClientReport {
  /** The id of every item the walk received, in the order received. */
  walkedIds: string[];
  pages: number;
  /** `meta.total` of each page. */
  totals: number[];
  /** `counts.items` of /v1/meta. */
  metaCount: number;
  /** The item fetched by id. */
  item: { id: string; name: string };
  /** The answer to an id that does not exist, read through the document's error schema. */
  missing: { status: number; code: string; message: string };
  /** Whether the generated `item.roll` values are [min, max] pairs; the program compiles only if they are. */
  rollIsAPair: boolean;
}

/** The client program's entry point. */
export interface ClientProgram {
  run(baseUrl: string, apiKey: string, limit: number): Promise<ClientReport>;
}
