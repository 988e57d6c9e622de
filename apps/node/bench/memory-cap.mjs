// A million distinct client addresses in one window against the in-memory rate-limit store: the
// number of counters stays at the cap and the heap stays flat once it is reached.
import { createMemoryStore } from '@gamedata/core';

const CAP = 100_000;
const CLIENTS = 1_000_000;
const store = createMemoryStore({ maxKeys: CAP, now: () => 0 });
const heapMb = () => {
  globalThis.gc?.();
  return (process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1);
};

const rows = [{ clients: 0, counters: store.size, 'heap MB': heapMb() }];
for (let i = 1; i <= CLIENTS; i++) {
  await store.consume(`anonymous:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}-${i}:0`, 1, 60_000);
  if (i % 200_000 === 0) rows.push({ clients: i, counters: store.size, 'heap MB': heapMb() });
}
console.log(`\nIn-memory rate-limit store, cap ${CAP.toLocaleString('en')} counters, ${CLIENTS.toLocaleString('en')} distinct clients in one window:\n`);
console.table(rows);
