import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { demo } from '@gamedata/test-support/demo';
import type { LambdaHandler } from '../../src/handler.js';

/** The package the app's `build` writes with the demo's current release, unzipped: what Lambda runs. */
export const PACKAGE_DIR = fileURLToPath(new URL('../../dist/lambda/', import.meta.url));
export const PACKAGE_ZIP = fileURLToPath(
  new URL(`../../dist/lambda-${demo.meta.version}.zip`, import.meta.url),
);
/** esbuild's metafile for that package: which source went into which file, and how files import each other. */
export const BUNDLE_META = fileURLToPath(new URL('../../dist/bundle-meta.json', import.meta.url));
export const PACKAGE_SCRIPT = fileURLToPath(new URL('../../scripts/package.mjs', import.meta.url));

/** A Lambda context as the Node.js runtime passes it. */
export const LAMBDA_CONTEXT: Context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'gamedata-api',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:gamedata-api',
  memoryLimitInMB: '1024',
  awsRequestId: '8f5f1c6e-2a6b-4c8e-9a3f-0d1e2f3a4b5c',
  logGroupName: '/aws/lambda/gamedata-api',
  logStreamName: '2026/11/20/[$LATEST]0123456789abcdef0123456789abcdef',
  getRemainingTimeInMillis: () => 10_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
};

/** Handler instances imported so far: each import's URL is its own. */
let instances = 0;

/**
 * Imports the built handler (`dist/lambda/index.mjs`) with the given environment, which it reads once
 * at import, as Lambda's init phase would. Fails loudly when the package has not been built. Each call
 * is a Lambda instance of its own — its own app, rate-limit counters and caches — as two functions
 * behind two front ends are on AWS, even where test files share a module graph (`instance` names it
 * in the import's URL). `packageDir` names another package than the app's own build.
 */
export async function importBuiltHandler(
  env: Record<string, string>,
  instance = '',
  packageDir = PACKAGE_DIR,
): Promise<LambdaHandler> {
  const entry = join(packageDir, 'index.mjs');
  if (!existsSync(entry))
    throw new Error(
      `${entry} is missing: build it first with \`pnpm package:lambda\` (or \`pnpm build\`)`,
    );
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const url = pathToFileURL(entry);
    url.searchParams.set('instance', `${instance}${++instances}`);
    const module = (await import(/* @vite-ignore */ url.href)) as { handler: LambdaHandler };
    return module.handler;
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
