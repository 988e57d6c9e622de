// `node --import` this file to have every module the process resolves appended, one URL a line, to
// the file GAMEDATA_TEST_IMPORT_LOG names: what a start loads, as a test reads it.
import { register } from 'node:module';

register('./record-imports-hooks.mjs', import.meta.url, {
  data: { log: process.env.GAMEDATA_TEST_IMPORT_LOG },
});
