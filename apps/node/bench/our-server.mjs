// The Node adapter as `pnpm start` runs it, except that the rate limiter reads the real in-memory
// store without counting: a load test from one address would otherwise measure 429s.
import { createMemoryStore } from '@gamedata/core';
import { startServer } from '../dist/server.js';
import { DEMO_DATASET_DIR } from '../dist/config.js';

const memory = createMemoryStore();
const running = await startServer(
  { port: 0, host: '127.0.0.1', datasetDir: process.env.GAMEDATA_DATASET_DIR || DEMO_DATASET_DIR, keysFile: '/nonexistent/keys.json' },
  { log: () => {}, rateLimitStore: { consume: (key, _cost, expiresAt) => memory.consume(key, 0, expiresAt) } },
);
// Exit with the benchmark, even when it fails half-way.
process.on('disconnect', () => process.exit(0));
process.send?.({ url: running.url });
