// Loaded before every README block run on Node (`node --import`): what the README's fragments take
// as already there, and what a test needs to watch a long-running example.
import { createClient } from '@gamedata/sdk';

// The client and address the fragments continue from ("gd", "baseUrl"), for the server under test.
globalThis.baseUrl = process.env.README_BASE_URL;
globalThis.gd = createClient({ baseUrl: globalThis.baseUrl });
// The "any { get, set }" cache the caching example names.
globalThis.myKvCache = new Map();

// The page the browser example builds on: each element it appends is printed, one JSON line each.
globalThis.document ??= {
  createElement: () => ({}),
  body: { append: (element) => console.log(JSON.stringify(element)) },
};

// Time passes faster for intervals: one set for minutes fires within the test's observation window.
const setIntervalAsWritten = globalThis.setInterval;
globalThis.setInterval = (callback, ms, ...args) =>
  setIntervalAsWritten(
    callback,
    Math.min(ms ?? 0, Number(process.env.README_INTERVAL_MS)),
    ...args,
  );
