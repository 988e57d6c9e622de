// The names prelude.mjs defines, for the compiler: the README's fragments use them without declaring them.
import type { GameDataClient, ResponseCache } from '@gamedata/sdk';

declare global {
  /** A client of the server under test. */
  var gd: GameDataClient;
  /** The address of the server under test. */
  var baseUrl: string;
  /** A cache with `get` and `set`, as the caching example's "your own store". */
  var myKvCache: ResponseCache;
}
