import { afterAll } from 'vitest';
import { removeTempDirsMadeOutsideTests } from './make-temp-dir.js';

/**
 * A vitest setup file: after each test file, removes the directories `makeTempDir` made outside its
 * tests (at the top level, in `describe` or `beforeAll`, where a hook of its own would never run).
 * A setup file runs before every test file, also where the files of a worker share one module graph
 * (`isolate: false`) and `make-temp-dir.ts` is loaded once for them all.
 */
afterAll(removeTempDirsMadeOutsideTests);
