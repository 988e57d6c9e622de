import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The runtimes besides Node that the SDK's tests run the client in: devDependencies of this package. */
export type Runtime = 'bun' | 'deno';

/**
 * The runtime's command, from this package's devDependencies (`pnpm install` puts it there), never
 * from PATH: the version the tests ran on is the one the lockfile pins. Missing, it throws with the
 * command that brings it, rather than leaving a bare ENOENT to the spawn.
 *
 * @example execFile(runtimeBinary('deno'), ['run', 'program.ts'])
 */
export function runtimeBinary(runtime: Runtime): string {
  const binary = fileURLToPath(new URL(`../../node_modules/.bin/${runtime}`, import.meta.url));
  if (!existsSync(binary)) {
    throw new Error(
      `${runtime} is missing at ${binary}, and the SDK's tests run the client in it. It is a devDependency of @gamedata/sdk: run \`pnpm install\` at the repository's root.`,
    );
  }
  return binary;
}
