import { execFile } from 'node:child_process';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import type { HttpEvent, HttpResult } from '../../src/http-event.js';

/**
 * Unzips a deployment package into a fresh temporary directory (removed after the test, or after the
 * file's tests when unzipped outside one), outside the repository and its node_modules.
 */
export async function unzipPackage(zipPath: string): Promise<{ dir: string; names: string[] }> {
  const files = unzipSync(new Uint8Array(await readFile(zipPath)));
  const dir = await makeTempDir('lambda-zip');
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), bytes);
  }
  return { dir, names: Object.keys(files).sort() };
}

// Runs as an ES module in the child: imports the handler from the unzipped package, answers each
// event in turn, and writes the results to a file (stdout carries the handler's own log lines).
const INVOKE = `
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [dir, eventsJson, resultsPath] = process.argv.slice(1);
const { handler } = await import(pathToFileURL(dir + '/index.mjs').href);
const context = { awsRequestId: 'fresh-process', functionName: 'gamedata-api', getRemainingTimeInMillis: () => 10000 };
const results = [];
for (const event of JSON.parse(eventsJson)) results.push(await handler(event, context));
writeFileSync(resultsPath, JSON.stringify(results));
// A shared store's open connection would keep the process alive, as it does between invocations.
process.exit(0);
`;

let invocations = 0;

/**
 * Invokes the handler of an unzipped package in a new Node process, from a directory with no
 * node_modules anywhere above it, so only what the zip holds can be loaded.
 */
export async function invokeInFreshProcess(
  dir: string,
  events: HttpEvent[],
  env: Record<string, string> = {},
): Promise<{ results: HttpResult[]; stdout: string; stderr: string }> {
  const resultsPath = join(dir, `results-${++invocations}.json`);
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>(
    (resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', INVOKE, dir, JSON.stringify(events), resultsPath],
        { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env } },
        (error, out, err) =>
          error
            ? reject(new Error(`${error.message}\n${err}`))
            : resolve({ stdout: out, stderr: err }),
      );
    },
  );
  return {
    results: JSON.parse(await readFile(resultsPath, 'utf8')) as HttpResult[],
    stdout,
    stderr,
  };
}
