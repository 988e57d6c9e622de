// The module hooks of record-imports.mjs. Each URL is written before the module is loaded, so the log
// is complete once the import that needed it has returned.
import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
