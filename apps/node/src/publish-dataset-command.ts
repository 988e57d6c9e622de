import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { InvalidDatasetError } from '@gamedata/server-io/dataset';
import { releasesLocation } from '@gamedata/server-io/env';
import {
  edgeSpritePath,
  formatCoverage,
  formatDiff,
  isS3Location,
  listReleases,
  openReleaseStore,
  publishDataset,
  readCurrentVersion,
  spriteCacheWarning,
  upgradeReleases,
  useRelease,
  verifyRelease,
  type EdgeUpload,
  type PublishOutcome,
} from '@gamedata/server-io/release';
import { DEMO_EXPORT_DIR, DEMO_RELEASES_DIR } from './config.js';
import { createProgress } from './progress.js';

const USAGE = `Usage:
  pnpm publish-dataset [--from DIR] [--dry-run] [--force] [--json] [--published TIME] [--history N] [--into-demo]
      Validates the export in DIR, compares it with the current release, and publishes it as the next
      version (YYYY-MM-DD.n, today's UTC date). Content identical to the current release is refused
      (exit 1) unless --force, and so is an image changed under a sprite id the current release serves
      (caches keep the old one for 30 days: give a new image a new id). --dry-run prints the comparison and writes nothing; --json prints it as
      JSON. Each language of the export's translations/ is reported with its coverage (translated fields
      per collection). --published dates the release (RFC 3339, default now); --history is how many releases
      /v1/changes reaches back (default 100). An export other than the demo's is refused into the
      demo's releases (releases/, also the default) unless --into-demo: name your own with --releases.
  pnpm publish-dataset list          lists the releases, oldest first; * marks the current one
  pnpm publish-dataset use VERSION   makes VERSION current (a roll-back is pointing at an older one)
  pnpm publish-dataset verify [VERSION]
      Checks a stored release end to end (the current one unless VERSION): every file against its
      manifest, every record in every language, every bulk file, the content hashes, the SQLite file's
      checks (integrity, foreign keys, every table's rows against the release); and says whether
      the current writer wrote its release file. Exit 1 on the first problem, which it names.
  pnpm publish-dataset upgrade [--dry-run]
      Rewrites every release whose release file an earlier writer wrote, as the current writer writes
      it, and writes the SQLite file of each that lacks one of the current layout: same versions,
      dates, content and history, each file checked before it replaces the old one and the manifest last. --dry-run says which it would rewrite, and writes nothing. Reload servers
      after (kill -HUP <pid>).
Every command takes --releases DIR, a directory or an S3 bucket: s3://bucket or s3://bucket/prefix
(region, credentials and AWS_ENDPOINT_URL_S3 from the AWS SDK's usual settings); in a bucket, publish
and use also put the release's bulk files and sprites under <prefix>/edge/ for CloudFront. DIR defaults to
$GAMEDATA_EXPORT_DIR, else the demo export (dataset/); releases to $GAMEDATA_RELEASES_DIR, else
releases/. A running server switches to the current release on SIGHUP (kill -HUP <pid>); a Lambda
reading the bucket within GAMEDATA_RELEASE_CHECK_SECONDS.`;

/** Output and settings of one run: the process's own in `publish-dataset.ts`, captured ones in tests. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/** A usage error: printed with the usage, exit code 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function parsePublished(raw: string | undefined): Date {
  if (raw === undefined) return new Date();
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(at.getTime()))
    fail(`--published must be an RFC 3339 time, got "${raw}"`);
  return at;
}

function parseHistory(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const length = Number(raw);
  if (!Number.isInteger(length) || length < 1)
    fail(`--history must be a whole number of releases from 1, got "${raw}"`);
  return length;
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

/** The sprite ids of an export, which a new id suggested for a changed image must not take. */
async function exportSpriteIds(exportDir: string): Promise<string[]> {
  return (await readdir(join(exportDir, 'sprites')))
    .filter((name) => name.endsWith('.png'))
    .map((name) => name.slice(0, -'.png'.length));
}

/** How the servers of these releases switch to a new current one. */
function reloadHint(releasesDir: string): string {
  const hup = 'Reload servers: kill -HUP <pid>.';
  return isS3Location(releasesDir)
    ? `${hup} Lambda functions reading the bucket switch within GAMEDATA_RELEASE_CHECK_SECONDS.`
    : hup;
}

/**
 * What went to the edge, and for sprites given new bytes the command that makes CloudFront drop the
 * copies it holds (apps/lambda/README.md, "Files of any size").
 */
function edgeNote(edge: EdgeUpload, replacedSprites: readonly string[]): string {
  const written = `Edge files: ${edge.written} written, ${edge.kept} there already.\n`;
  if (replacedSprites.length === 0) return written;
  const paths = replacedSprites.map((id) => `'${edgeSpritePath(id)}'`).join(' ');
  return `${written}CloudFront keeps the old images for up to 30 days; drop them: aws cloudfront create-invalidation --distribution-id <DistributionId> --paths ${paths}\n`;
}

async function report(
  { stdout, stderr }: CommandIo,
  outcome: PublishOutcome,
  json: boolean,
  exportDir: string,
  releasesDir: string,
): Promise<void> {
  if (json) return void stdout.write(`${JSON.stringify(outcome)}\n`);
  stdout.write(formatDiff(outcome.diff, outcome.version) + formatCoverage(outcome.coverage));
  const replaced = outcome.diff.sprites.changed;
  if (replaced.length > 0)
    stderr.write(spriteCacheWarning(replaced, await exportSpriteIds(exportDir)));
  if (outcome.kind === 'sprites-replaced')
    stderr.write('Refused: nothing was published (--force publishes it anyway).\n');
  if (outcome.kind === 'published') {
    if (outcome.edge) stderr.write(edgeNote(outcome.edge, replaced));
    stderr.write(
      `Published ${outcome.version} in ${outcome.dir}; it is current. ${reloadHint(releasesDir)}\n`,
    );
  }
  if (outcome.kind === 'planned')
    stderr.write(`Dry run: ${outcome.version} would be published; nothing was written.\n`);
  if (outcome.kind === 'unchanged')
    stderr.write(
      `Refused: the content is the same as the current release, ${outcome.current}. Nothing was published (--force publishes it anyway).\n`,
    );
}

/** `--releases`, else `$GAMEDATA_RELEASES_DIR`, else the demo's; a URL other than s3:// is refused by the setting that gave it. */
function releasesDirOrFail(option: string | undefined, env: NodeJS.ProcessEnv): string {
  try {
    if (option !== undefined) return releasesLocation('--releases', option);
    return env.GAMEDATA_RELEASES_DIR
      ? releasesLocation('GAMEDATA_RELEASES_DIR', env.GAMEDATA_RELEASES_DIR)
      : DEMO_RELEASES_DIR;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  const { stdout, stderr, env } = io;
  const { values, positionals } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      releases: { type: 'string' },
      'dry-run': { type: 'boolean' },
      force: { type: 'boolean' },
      json: { type: 'boolean' },
      published: { type: 'string' },
      history: { type: 'string' },
      'into-demo': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  const releasesDir = releasesDirOrFail(values.releases, env);
  const releases = await openReleaseStore(releasesDir);
  const [command, ...rest] = positionals;
  if (command === 'list') {
    const current = await readCurrentVersion(releases);
    for (const version of await listReleases(releases))
      stdout.write(`${version === current ? '*' : ' '} ${version}\n`);
    return 0;
  }
  if (command === 'use') {
    if (rest.length !== 1) fail('use needs one VERSION');
    const edge = await useRelease(releases, rest[0] as string);
    if (edge) stderr.write(`Edge files: ${edge.written} written, ${edge.kept} there already.\n`);
    stderr.write(`${rest[0]} is current in ${releasesDir}. ${reloadHint(releasesDir)}\n`);
    return 0;
  }
  if (command === 'verify') {
    if (rest.length > 1) fail('verify takes at most one VERSION');
    const progress = createProgress(stderr);
    const verified = await verifyRelease(releases, rest[0], (step) =>
      progress.step(`verify: ${step}`),
    ).finally(progress.done);
    stdout.write(
      `${verified.version}: ${verified.records} records in ${verified.languages} languages, ${verified.sprites} sprites, ${verified.bulkFiles} bulk files, a SQLite file of ${verified.sqliteBytes} bytes: ok\n`,
    );
    return 0;
  }
  if (command === 'upgrade') {
    if (rest.length > 0) fail('upgrade takes no VERSION: it rewrites every release that needs it');
    const progress = createProgress(stderr);
    const steps = await upgradeReleases(releases, {
      dryRun: values['dry-run'] ?? false,
      onStep: (step, index, count) =>
        progress.step(`upgrade: ${step.version} ${step.outcome} (${index + 1}/${count})`),
    }).finally(progress.done);
    for (const { version, outcome, bytes, sqlite } of steps)
      stdout.write(
        `${version}: ${outcome}${outcome === 'current' ? '' : ` (${bytes.before} -> ${bytes.after} bytes${sqlite ? ', its SQLite file written' : ''})`}\n`,
      );
    const rewritten = steps.filter((step) => step.outcome !== 'current').length;
    stderr.write(
      values['dry-run']
        ? `Dry run: ${rewritten} of ${steps.length} releases would be rewritten; nothing was written.\n`
        : `${rewritten} of ${steps.length} releases rewritten in ${releasesDir}.${rewritten > 0 ? ` ${reloadHint(releasesDir)}` : ''}\n`,
    );
    return 0;
  }
  if (command !== undefined) fail(`unknown command "${command}"`);
  const historyLength = parseHistory(values.history);
  const exportDir = resolve(values.from ?? (env.GAMEDATA_EXPORT_DIR || DEMO_EXPORT_DIR));
  // Checked here, once: the loader would report each of the export's files as missing instead.
  if (!(await isDirectory(exportDir))) {
    const setting =
      values.from === undefined && env.GAMEDATA_EXPORT_DIR ? 'GAMEDATA_EXPORT_DIR' : '--from';
    stderr.write(
      `publish-dataset: ${setting}: no such directory ${exportDir}\nNothing was published.\n`,
    );
    return 1;
  }
  if (exportDir !== DEMO_EXPORT_DIR && releasesDir === DEMO_RELEASES_DIR && !values['into-demo']) {
    fail(
      `the export at ${exportDir} is not the demo's, and ${releasesDir} holds the demo's releases: ` +
        `name your own releases directory with --releases DIR or GAMEDATA_RELEASES_DIR (--into-demo publishes into the demo's history anyway)`,
    );
  }
  const progress = createProgress(stderr);
  const outcome = await publishDataset({
    exportDir,
    releasesDir: releases,
    at: parsePublished(values.published),
    dryRun: values['dry-run'] ?? false,
    force: values.force ?? false,
    ...(historyLength === undefined ? {} : { historyLength }),
    onStep: (step) => progress.step(`publish: ${step}`),
  }).finally(progress.done);
  await report(io, outcome, values.json ?? false, exportDir, releasesDir);
  return outcome.kind === 'unchanged' || outcome.kind === 'sprites-replaced' ? 1 : 0;
}

/** Whether the command line names a command that publishes nothing (`verify`, `upgrade`, …). */
const publishesNothing = (argv: readonly string[]) =>
  argv.some((arg) => arg === 'verify' || arg === 'upgrade');

/**
 * `pnpm publish-dataset ARGS`: runs the command and resolves to its exit code (0 done, 1 refused or
 * failed, 2 a usage error), having written what it has to say to `io`.
 */
export async function publishDatasetCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError &&
        'code' in error &&
        String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof InvalidDatasetError)
      io.stderr.write(
        `${error.message}\n${publishesNothing(argv) ? '' : 'Nothing was published.\n'}`,
      );
    else
      io.stderr.write(
        `publish-dataset: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    return 1;
  }
}
