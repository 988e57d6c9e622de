import { publishDatasetCommand } from '../../src/publish-dataset-command.js';
import type { Exit } from './spawn.js';

/**
 * Runs `pnpm publish-dataset ARGS` in this process with `env` set over its environment (where the
 * AWS SDK reads its settings too), as the built script would run in one of its own: the same
 * command, without a Node start and a cold compile of the dataset code per run. What only a process
 * of its own shows (the exit code reaching the shell, a low open-file limit, a working directory)
 * is tested through `runToExit(…, PUBLISH_CLI)`.
 */
export async function runPublishDataset(
  args: string[],
  env: Record<string, string> = {},
): Promise<Exit> {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  try {
    const code = await publishDatasetCommand(args, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: process.env,
    });
    return { code, stdout, stderr };
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
