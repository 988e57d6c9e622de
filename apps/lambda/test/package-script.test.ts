import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEMO_RELEASES_DIR,
  publishForTest,
  TEST_KEY,
  TEST_KEY_ID,
  writeTestKeyFile,
} from '@gamedata/test-support/demo';
import { startS3Server } from '@gamedata/test-support/s3-server';
import { PACKAGE_SCRIPT } from './support/built-handler.js';
import { invokeInFreshProcess, unzipPackage } from './support/fresh-process.js';
import { toEvent, toReply } from './support/lambda-events.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const GENERATOR = fileURLToPath(new URL('../../../dataset/tools/generate.mjs', import.meta.url));

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        env: {
          ...process.env,
          GAMEDATA_RELEASES_DIR: '',
          GAMEDATA_RELEASE: '',
          GAMEDATA_KEYS_FILE: '',
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATE = join(APP_DIR, 'template.yaml');

function runShell(
  command: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', command],
      {
        cwd,
        env: {
          ...process.env,
          GAMEDATA_RELEASE: '',
          GAMEDATA_KEYS_FILE: '',
          INIT_CWD: cwd,
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The app (sources, scripts, template) in a directory of its own, so that packaging there leaves this checkout's package/ alone. */
async function copyOfTheApp(dir: string): Promise<string> {
  for (const entry of ['package.json', 'template.yaml', 'tsconfig.json', 'scripts', 'src'])
    await cp(join(APP_DIR, entry), join(dir, entry), { recursive: true });
  await symlink(join(APP_DIR, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The zip and the template of a package directory, with their bytes. */
async function packageContents(dir: string): Promise<Record<string, Buffer>> {
  const names = (await readdir(dir))
    .filter((name) => name.endsWith('.zip') || name === 'template.yaml')
    .sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name))] as const)),
  );
}

/** An operator's own releases: a small generated export, published on a day of its own. */
async function writeOperatorReleases(dir: string): Promise<string> {
  const generated = await run(GENERATOR, ['--items', '20', '--out', join(dir, 'export')], {});
  expect(generated.code, generated.stderr).toBe(0);
  const releasesDir = join(dir, 'releases');
  await publishForTest(join(dir, 'export'), { releasesDir, at: new Date('2026-12-01T08:00:00Z') });
  return releasesDir;
}

describe('scripts/package.mjs (pnpm package:lambda)', () => {
  let work: string;
  let releases: string;
  beforeAll(async () => {
    work = await makeTempDir('package');
    releases = await writeOperatorReleases(work);
  });

  it("ships the operator's current release and key file, prints the zip's size, and the zip serves them", async () => {
    const { path: keysFile } = await writeTestKeyFile();
    const out = join(work, 'out');
    const built = await run(PACKAGE_SCRIPT, ['--out', out], {
      GAMEDATA_RELEASES_DIR: releases,
      GAMEDATA_KEYS_FILE: keysFile,
    });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(
      /lambda-2026-12-01\.1\.zip: \d+ kB zipped .*release 2026-12-01\.1 .*20 items.*1 active keys/,
    );

    const { dir, names } = await unzipPackage(join(out, 'lambda-2026-12-01.1.zip'));
    expect(names.filter((name) => !name.startsWith('chunks/'))).toEqual([
      'dataset.snapshot',
      'dataset.snapshot.sha256',
      'dataset.sqlite.json',
      'gamedata-2026-12-01.1.sqlite',
      'gamedata-2026-12-01.1.sqlite.br',
      'gamedata-2026-12-01.1.sqlite.gz',
      'history.json',
      'index.mjs',
      'keys.json',
    ]);
    const event = toEvent('function-url', {
      path: '/v1/meta',
      headers: { authorization: `Bearer ${TEST_KEY}` },
      sourceIp: '203.0.113.30',
    });
    const { results, stdout } = await invokeInFreshProcess(dir, [event]);
    const reply = toReply(results[0] as (typeof results)[number]);
    expect(reply.json()).toMatchObject({
      data: { version: '2026-12-01.1', counts: { items: 20 } },
    });
    // The release's snapshot, byte for byte: what publish-dataset validated is what is deployed.
    expect(
      (await readFile(join(dir, 'dataset.snapshot'))).equals(
        await readFile(join(releases, '2026-12-01.1', 'dataset.snapshot')),
      ),
    ).toBe(true);
    expect(reply.headers.get('ratelimit-limit')).toBe('600');
    expect(stdout).toContain('"source":"bundled keys.json"');
    expect(stdout).toContain(`"keyId":"${TEST_KEY_ID}"`);
  });

  it('writes beside the zip the template that deploys it, its versions described by the release', async () => {
    const out = join(work, 'deploy');
    await mkdir(out);
    await writeFile(join(out, 'samconfig.toml'), 'version = 0.1\n');
    expect(
      (await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: releases })).code,
    ).toBe(0);
    // The operator's saved `sam deploy --guided` answers stay where sam deploy looks for them.
    expect(await readFile(join(out, 'samconfig.toml'), 'utf8')).toBe('version = 0.1\n');
    const source = await readFile(TEMPLATE, 'utf8');
    const written = await readFile(join(out, 'template.yaml'), 'utf8');
    expect(written).toBe(
      source
        .replace('CodeUri: lambda-RELEASE.zip', 'CodeUri: lambda-2026-12-01.1.zip')
        .replace(
          "VersionDescription: 'release RELEASE'",
          "VersionDescription: 'release 2026-12-01.1'",
        ),
    );
    // No placeholder left (GAMEDATA_RELEASES_DIR is a variable's name, not one).
    expect(written).not.toMatch(/\bRELEASE\b/);
  });

  it('leaves a packaged release untouched when the app is built again (pnpm build)', async () => {
    const app = await copyOfTheApp(join(work, 'app'));
    const packaged = await run(join(app, 'scripts', 'package.mjs'), [], {
      GAMEDATA_RELEASES_DIR: releases,
      INIT_CWD: app,
    });
    expect(packaged.code, packaged.stderr).toBe(0);
    const before = await packageContents(join(app, 'package'));
    expect(Object.keys(before)).toEqual(['lambda-2026-12-01.1.zip', 'template.yaml']);

    // The app's build script, as `pnpm build` (turbo) runs it, building the demo's release.
    const { scripts } = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as {
      scripts: { build: string };
    };
    const built = await runShell(scripts.build, app, { GAMEDATA_RELEASES_DIR: DEMO_RELEASES_DIR });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('release 2026-11-22.1');
    expect(await packageContents(join(app, 'package'))).toEqual(before);
  }, 120_000); // a package of a release, then a build of the app: over 30 s on a busy machine

  it('writes the same zip for the same inputs', async () => {
    const first = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-1')], {
      GAMEDATA_RELEASES_DIR: releases,
    });
    const second = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-2')], {
      GAMEDATA_RELEASES_DIR: releases,
    });
    expect([first.code, second.code]).toEqual([0, 0]);
    const zip = 'lambda-2026-12-01.1.zip';
    const [a, b] = await Promise.all([
      readFile(join(work, 'again-1', zip)),
      readFile(join(work, 'again-2', zip)),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('ships GAMEDATA_RELEASE rather than the current release when it is set', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'older')], {
      GAMEDATA_RELEASE: '2026-11-21.1',
    });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('release 2026-11-21.1 from');
  });

  it('fails on a release changed after publishing, naming the file, and leaves no zip behind', async () => {
    const tampered = join(work, 'tampered');
    await cp(releases, tampered, { recursive: true });
    const manifest = join(tampered, '2026-12-01.1', 'manifest.json');
    await writeFile(
      manifest,
      (await readFile(manifest, 'utf8')).replace(
        /"dataset\.snapshot": "[0-9a-f]+"/,
        `"dataset.snapshot": "${'0'.repeat(64)}"`,
      ),
    );

    const out = join(work, 'tampered-out');
    expect(
      (await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: releases })).code,
    ).toBe(0);
    const built = await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: tampered });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`Dataset at ${join(tampered, '2026-12-01.1')} is invalid:`);
    expect(built.stderr).toContain(
      'dataset.snapshot: content does not match the SHA-256 in manifest.json',
    );
    expect(existsSync(join(out, 'lambda-2026-12-01.1.zip'))).toBe(false);
    expect(existsSync(join(out, 'template.yaml'))).toBe(false);
  });

  it('refuses a URL other than s3:// in GAMEDATA_RELEASES_DIR, which it would otherwise read as a directory named https:', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'from-url')], {
      GAMEDATA_RELEASES_DIR: 'https://example.org/releases',
    });
    expect({ code: built.code, stderr: built.stderr }).toEqual({
      code: 1,
      stderr:
        'GAMEDATA_RELEASES_DIR must name a directory or an S3 bucket (s3://bucket/prefix), got the URL "https://example.org/releases": releases at any other URL are not supported\n',
    });
  });

  it("with a bucket, or --no-release for the stack's, builds a package that holds no release and serves the release the bucket names", async () => {
    const s3 = await startS3Server();
    try {
      for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
      await s3.createBucket('games-data');
      const location = 's3://games-data/api/live';
      await publishForTest(join(work, 'export'), {
        releasesDir: location,
        at: new Date('2026-12-03T08:00:00Z'),
      });
      const out = join(work, 'bucket');
      const built = await run(PACKAGE_SCRIPT, ['--out', out], {
        GAMEDATA_RELEASES_DIR: `${location}/`,
      });
      expect(built.code, built.stderr).toBe(0);
      expect(built.stdout).toMatch(
        /lambda-s3-games-data-api-live\.zip: \d+ kB zipped .*no release: reads s3:\/\/games-data\/api\/live; no bundled keys/,
      );
      expect(await readFile(join(out, 'template.yaml'), 'utf8')).toBe(
        (await readFile(TEMPLATE, 'utf8'))
          .replace('CodeUri: lambda-RELEASE.zip', 'CodeUri: lambda-s3-games-data-api-live.zip')
          .replace(
            "VersionDescription: 'release RELEASE'",
            `VersionDescription: 'releases ${location}'`,
          ),
      );

      const { dir, names } = await unzipPackage(join(out, 'lambda-s3-games-data-api-live.zip'));
      expect(names.filter((name) => !name.startsWith('chunks/'))).toEqual([
        'index.mjs',
        'releases.json',
      ]);
      // Lambda's Node.js runtime provides the AWS SDK v3 the package leaves out; here, the app's own copy.
      await symlink(join(APP_DIR, 'node_modules'), join(dir, 'node_modules'));
      const event = toEvent('function-url', { path: '/v1/meta', sourceIp: '203.0.113.31' });
      const { results, stdout } = await invokeInFreshProcess(dir, [event], s3.env);
      expect(toReply(results[0] as (typeof results)[number]).json()).toMatchObject({
        data: { version: '2026-12-03.1', counts: { items: 20 } },
      });
      expect(stdout).toContain(`"releases":"${location}, checked every 60 s"`);

      // --no-release: for the stack's own bucket, which the template names in the function's environment.
      const stackOut = join(work, 'stack-bucket');
      const stack = await run(PACKAGE_SCRIPT, ['--out', stackOut, '--no-release'], {});
      expect(stack.code, stack.stderr).toBe(0);
      expect(stack.stdout).toMatch(
        /lambda-stack-bucket\.zip: \d+ kB zipped .*no release: reads the bucket GAMEDATA_RELEASES_DIR names/,
      );
      expect(await readFile(join(stackOut, 'template.yaml'), 'utf8')).toContain(
        "VersionDescription: 'releases from the stack''s bucket (ReleasesUrl)'",
      );
      const unzipped = await unzipPackage(join(stackOut, 'lambda-stack-bucket.zip'));
      expect(unzipped.names.filter((name) => !name.startsWith('chunks/'))).toEqual(['index.mjs']);
      await symlink(join(APP_DIR, 'node_modules'), join(unzipped.dir, 'node_modules'));
      const fromEnv = await invokeInFreshProcess(unzipped.dir, [event], {
        ...s3.env,
        GAMEDATA_RELEASES_DIR: location,
      });
      expect(toReply(fromEnv.results[0] as (typeof fromEnv.results)[number]).json()).toMatchObject({
        data: { version: '2026-12-03.1' },
      });
      await expect(invokeInFreshProcess(unzipped.dir, [event], s3.env)).rejects.toThrow(
        'this package holds no release (pnpm package:lambda --no-release): set GAMEDATA_RELEASES_DIR to the bucket to read',
      );
      const both = await run(PACKAGE_SCRIPT, ['--out', stackOut, '--no-release'], {
        GAMEDATA_RELEASES_DIR: location,
      });
      expect({ code: both.code, stderr: both.stderr }).toEqual({
        code: 1,
        stderr:
          "GAMEDATA_RELEASES_DIR names what to put in the package; --no-release packages none: the function reads the stack's bucket (ReleasesFrom bucket)\n",
      });
    } finally {
      vi.unstubAllEnvs();
      await s3.stop();
    }
  });

  it('refuses GAMEDATA_RELEASE with a bucket, whose CURRENT decides', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'bucket-release')], {
      GAMEDATA_RELEASES_DIR: 's3://games-data',
      GAMEDATA_RELEASE: '2026-12-01.1',
    });
    expect({ code: built.code, stderr: built.stderr }).toEqual({
      code: 1,
      stderr:
        'GAMEDATA_RELEASE picks a release to put in the package; a package reading s3://games-data serves the release its CURRENT names\n',
    });
  });

  it('fails when GAMEDATA_KEYS_FILE names no file', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'no-keys')], {
      GAMEDATA_RELEASES_DIR: releases,
      GAMEDATA_KEYS_FILE: join(work, 'missing.json'),
    });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`GAMEDATA_KEYS_FILE: no file at ${join(work, 'missing.json')}`);
  });
});
