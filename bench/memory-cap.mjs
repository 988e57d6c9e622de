// A million distinct client addresses in one window against the in-memory rate-limit store: the
// number of counters stays under the cap, memory stays flat once it is reached, and a call costs
// the same with a hundred thousand counters held as with none. The counters live in typed arrays, so
// their memory is counted under `arrayBuffers`, beside the JavaScript heap.
import { createMemoryStore } from '@gamedata/core';

const CAP = 100_000;
const CLIENTS = 1_000_000;
const STEP = 200_000;
const store = createMemoryStore({ maxKeys: CAP, now: () => 0 });
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const memory = () => {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { 'heap MB': mb(heapUsed), 'typed arrays MB': mb(arrayBuffers) };
};

const rows = [{ clients: 0, counters: store.size, ...memory(), 'ns per call': '' }];
let started = performance.now();
for (let i = 1; i <= CLIENTS; i++) {
  await store.consume(
    `anonymous:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}-${i}:0`,
    1,
    60_000,
  );
  if (i % STEP === 0) {
    const nsPerCall = Math.round(((performance.now() - started) * 1e6) / STEP);
    rows.push({ clients: i, counters: store.size, ...memory(), 'ns per call': nsPerCall });
    started = performance.now();
  }
}
console.log(
  `\nIn-memory rate-limit store, cap ${CAP.toLocaleString('en')} counters, ${CLIENTS.toLocaleString('en')} distinct clients in one window:\n`,
);
console.table(rows);
