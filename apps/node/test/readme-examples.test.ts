import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { spawnServer, type ServerProcess } from './support/spawn.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));

/** The README's curl examples: the shell block that starts with the legendary head items. */
async function readCurlExamples(): Promise<string> {
  const blocks = [...(await readFile(README, 'utf8')).matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (match) => match[1] as string,
  );
  const examples = blocks.find((block) => block.includes('# Legendary head items'));
  if (examples === undefined) throw new Error('README.md has no curl examples block');
  return examples;
}

// Pasted into a shell against `pnpm start`, the examples run as written; only the server's address differs.
describe("README.md's curl examples", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('run as written: the revalidation gets its 304, and the German example is German', async () => {
    const script = (await readCurlExamples()).replaceAll('http://127.0.0.1:3000', server.url);
    const cwd = await makeTempDir('readme');
    const { code, stdout, stderr } = await new Promise<{
      code: number;
      stdout: string;
      stderr: string;
    }>((resolve) =>
      execFile(
        'sh',
        ['-e', '-c', script],
        { cwd, env: { ...process.env, GAMEDATA_KEY: '' } },
        (error, out, err) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      ),
    );
    expect(code, stderr).toBe(0);
    expect(stdout.match(/HTTP\/1\.1 \d{3}/g)).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 304',
    ]);
    expect(stdout).not.toContain('"error"');
    expect((await readFile(`${cwd}/icon.png`)).subarray(1, 4).toString()).toBe('PNG');
    // The German example answers in German: the name the demo's German translation gives.
    const german = JSON.parse(
      await readFile(
        new URL('../../../dataset/translations/de/items.json', import.meta.url),
        'utf8',
      ),
    ) as Record<string, { name: string }>;
    expect(stdout).toContain(`"name":"${german['ashbringers-reckoning']?.name}"`);
    expect(stdout).toContain('"tag":"fr"');
  });
});
