import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCurrentVersion } from '@gamedata/server-io/release';
import { DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { PACKAGE_SCRIPT } from './support/built-handler.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The shell blocks of the README's "Deploy" section, in order. */
async function deployBlocks(): Promise<string[]> {
  const text = await readFile(README, 'utf8');
  const section = text.slice(
    text.indexOf('## Deploy\n'),
    text.indexOf('\nWhat the template creates:'),
  );
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    (match[1] as string).replace(/^ {3}/gm, ''),
  );
}

function sh(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      'sh',
      ['-e', '-c', script],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

// AWS itself cannot run here: the steps that need only the repo and a bucket run as written, against an
// S3-compatible server, with `aws` answering the stack output the step asks for.
describe("apps/lambda/README.md's deploy walkthrough", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3?.stop();
  });

  it('step 1 prints what the package script prints for a package with no release', async () => {
    const [build] = await deployBlocks();
    expect(build).toContain('pnpm package:lambda --no-release\n');
    const quoted = /^# (apps\/lambda\/package\/lambda-stack-bucket\.zip: .*)$/m.exec(
      build ?? '',
    )?.[1];
    const out = await makeTempDir('readme-package');
    const { code, stdout, stderr } = await new Promise<{
      code: number;
      stdout: string;
      stderr: string;
    }>((resolve) =>
      execFile(
        process.execPath,
        [PACKAGE_SCRIPT, '--out', out, '--no-release'],
        { env: { ...process.env, GAMEDATA_RELEASES_DIR: '', GAMEDATA_RELEASE: '' } },
        (error, o, e) => resolve({ code: error ? 1 : 0, stdout: o, stderr: e }),
      ),
    );
    expect(code, stderr).toBe(0);
    // The same line but for the sizes, which change with the code; and the path, which is the --out given here.
    const shape = (line: string) =>
      line
        .replace(/\d+ kB/g, 'N kB')
        .replace(/^.*lambda-stack-bucket\.zip/, 'lambda-stack-bucket.zip');
    expect(shape(quoted ?? '')).toBe(shape(stdout.trim()));
  });

  // `pnpm publish-dataset` builds what it runs first (turbo), then writes a release and its edge
  // files to the bucket: longer than most tests when other files share the machine.
  it('step 3 publishes the first release into the stack bucket, with the commands as written', async () => {
    const publish = (await deployBlocks()).find((block) => block.includes('pnpm publish-dataset'));
    await s3.createBucket('gamedata-stack-releases');
    const location = 's3://gamedata-stack-releases/gamedata';
    // `aws cloudformation describe-stacks … --query …ReleasesUrl…` answers the stack's ReleasesUrl output.
    const script = `aws() { echo '${location}'; }\n${(publish ?? '').replaceAll('/path/to/export', DEMO_EXPORT_DIR)}`;
    const { code, stderr } = await sh(script, s3.env);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(
      /Edge files: \d+ written, 0 there already\.\nPublished \d{4}-\d{2}-\d{2}\.1 in s3:\/\/gamedata-stack-releases\/gamedata\//,
    );
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
    expect(await readCurrentVersion(location)).toMatch(/^\d{4}-\d{2}-\d{2}\.1$/);
  }, 90_000);
});
