import type { Outgoing, Reply } from './send.js';

/**
 * One case of the HTTP contract table (`HTTP_TABLE`), which holds every endpoint, filter, error,
 * header and limit. The table runs against core's app in-process (core's own tests,
 * packages/core/test), against the real Node server over a socket and through the Lambda handler
 * with every event kind; each adapter's answers are also compared with the in-process ones
 * (`expectSameAnswer`), so all of them answer alike.
 */
export interface HttpCase {
  name: string;
  /**
   * The answer describes the instance that answered (`/v1/status`: when it started), so two instances
   * answer it alike but for that (`expectSameAnswer`'s `instanceBound`).
   */
  instanceBound?: boolean;
  request: Outgoing;
  /** Send without the test key (anonymous tier). */
  anonymous?: boolean;
  /** Send once, then again with If-None-Match set to the first reply's etag; checks the second. */
  revalidate?: boolean;
  status: number;
  check?: (reply: Reply) => void | Promise<void>;
  /**
   * Walk the list from this page on: send the request again with each page's `meta.cursor` until the
   * last page, each reply held to the document, and hand every record id seen, in order, to `walk`.
   */
  walk?: (ids: string[]) => void;
}
