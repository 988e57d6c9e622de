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

/** What the quests client program found against a server whose registry adds `quests`. */
export interface QuestsReport {
  /** The ids of the quests of level 10 to 30, highest level first. */
  ids: string[];
  levels: number[];
  /** `counts.quests` of /v1/meta. */
  count: number;
  /** The name of one quest fetched by id. */
  name: string;
  /** Whether the generated `Quest.level` is a number; the program compiles only if it is. */
  levelIsANumber: boolean;
}

/** The quests client program's entry point. */
export interface QuestsProgram {
  run(baseUrl: string): Promise<QuestsReport>;
}
