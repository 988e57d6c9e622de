#!/usr/bin/env node
// Builds the Lambda deployment package (apps/lambda/README.md, "Build"):
//
//   node scripts/package.mjs [--out DIR] [--no-release]   (from the root: pnpm package:lambda; DIR: apps/lambda/package)
//
//   GAMEDATA_RELEASES_DIR  releases to ship from (default: the repo's demo releases), or the bucket
//                          the function reads them from: s3://bucket or s3://bucket/prefix
//   GAMEDATA_RELEASE       the release to ship (default: the current one)
//   GAMEDATA_KEYS_FILE     key file to bundle as keys.json (default: none)
//
// It loads the release as the Node adapter does — its snapshot checked against the SHA-256 its manifest
// recorded when `pnpm publish-dataset` validated and wrote it — and ships its snapshot as it is, with
// history.json: the change history the releases directory serves it with (every other release there
// is a valid `since`), which Lambda, having no releases directory, cannot work out at run time. It
// bundles the handler and everything it imports into a single ESM file, and zips the lot: DIR/lambda/
// holds the files, DIR/lambda-<version>.zip the zip, named by the release it holds, and
// DIR/template.yaml the SAM template that deploys that zip, its function versions described by the
// release. The app's `build` (what the tests run) writes the demo's package to dist/ instead, so
// `pnpm build` never replaces a package made for deployment.
//
// With a bucket, the package holds no release: releases.json names the bucket, which the function
// reads its current release from at cold start and follows (README, "Releases from a bucket"); the
// zip is DIR/lambda-s3-<bucket>[-<prefix>].zip and the function versions say which bucket they read.
// With --no-release, the package holds neither a release nor a bucket's name: it is for the template's
// own bucket, which the stack creates and names to the function in GAMEDATA_RELEASES_DIR
// (ReleasesFrom bucket); the zip is DIR/lambda-stack-bucket.zip.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REGISTRY } from '@gamedata/core/runtime';
import { InvalidDatasetError } from '@gamedata/server-io/dataset';
import { releasesLocation } from '@gamedata/server-io/env';
import {
  isS3Location,
  parseS3Location,
  readRelease,
  RELEASE_FILES,
  sqliteFiles,
} from '@gamedata/server-io/release';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { zipSync } from 'fflate';
import { bundleHandler } from './bundle-handler.mjs';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATE = join(APP_DIR, 'template.yaml');
/** What the template names the release by until a package is made of one. */
const RELEASE_PLACEHOLDERS = [
  'CodeUri: lambda-RELEASE.zip',
  "VersionDescription: 'release RELEASE'",
];
const DEMO_RELEASES_DIR = fileURLToPath(new URL('../../../releases', import.meta.url));
// A fixed timestamp on every entry: the same inputs give a byte-identical zip, so an unchanged package
// has an unchanged CodeSha256 and `sam deploy` has nothing to update.
const ZIP_MTIME = new Date('2000-01-01T00:00:00Z');
// Regular file, rw-r--r--: Lambda's runtime user must be able to read every file in the package.
const ZIP_FILE_ATTRS = (0o100644 << 16) >>> 0;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function releasesDirOrFail(raw, callerDir) {
  try {
    return releasesLocation('GAMEDATA_RELEASES_DIR', raw, callerDir);
  } catch (error) {
    return fail(error.message);
  }
}

async function readKeys(path) {
  if (!existsSync(path)) fail(`GAMEDATA_KEYS_FILE: no file at ${path}`);
  return readKeyFile(path);
}

/**
 * The SAM template with the package's zip as the function's code and, in every published version's
 * description, what it serves: `release <version>`, or `releases s3://bucket/prefix`.
 */
function packageTemplate(source, zipName, description) {
  // A single-quoted YAML scalar writes a quote as two.
  const values = [
    `CodeUri: ${zipName}`,
    `VersionDescription: '${description.replaceAll("'", "''")}'`,
  ];
  return RELEASE_PLACEHOLDERS.reduce((template, placeholder, index) => {
    if (template.split(placeholder).length !== 2)
      fail(`${TEMPLATE}: expected "${placeholder}" once`);
    return template.replace(placeholder, () => values[index]);
  }, source);
}

/** A package reading a bucket is named for it: lambda-s3-<bucket>[-<prefix>].zip, any character a file name might trip on as `-`. */
function bucketZipName(location) {
  const { bucket, prefix } = parseS3Location(location);
  return `lambda-s3-${[bucket, prefix]
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '-')}.zip`;
}

const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'no-release': { type: 'boolean' } },
  });
  // pnpm runs the script in this package's folder; relative paths mean what they meant where the
  // command was typed, which pnpm passes on as INIT_CWD.
  const callerDir = process.env.INIT_CWD || process.cwd();
  const outDir = values.out ? resolve(callerDir, values.out) : join(APP_DIR, 'package');
  const releasesDir = process.env.GAMEDATA_RELEASES_DIR
    ? releasesDirOrFail(process.env.GAMEDATA_RELEASES_DIR, callerDir)
    : DEMO_RELEASES_DIR;
  const keysFile = process.env.GAMEDATA_KEYS_FILE
    ? resolve(callerDir, process.env.GAMEDATA_KEYS_FILE)
    : undefined;

  const stageDir = join(outDir, 'lambda');
  const templatePath = join(outDir, 'template.yaml');
  const metaPath = join(outDir, 'bundle-meta.json');
  // DIR holds one package. A failed build must not leave the previous one behind, to be deployed by mistake.
  const previousZips = existsSync(outDir)
    ? (await readdir(outDir)).filter((name) => /^lambda-.*\.zip$/.test(name))
    : [];
  await Promise.all(
    [templatePath, stageDir, ...previousZips.map((name) => join(outDir, name))].map((path) =>
      rm(path, { recursive: true, force: true }),
    ),
  );

  const keys = keysFile ? await readKeys(keysFile) : undefined;
  const contents = values['no-release']
    ? stackBucketContents()
    : isS3Location(releasesDir)
      ? bucketContents(releasesDir)
      : await releaseContents(releasesDir);
  const bundle = await bundleHandler(join(APP_DIR, 'src/index.ts'));
  const files = { ...bundle.files, ...contents.files };
  if (keys) files['keys.json'] = new TextEncoder().encode(`${JSON.stringify(keys)}\n`);
  const zipPath = join(outDir, contents.zipName);

  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [
        name,
        [bytes, { mtime: ZIP_MTIME, os: 3, attrs: ZIP_FILE_ATTRS }],
      ]),
    ),
    { level: 9 },
  );

  await mkdir(stageDir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(stageDir, name)), { recursive: true });
    await writeFile(join(stageDir, name), bytes);
  }
  await writeFile(zipPath, zip);
  await writeFile(
    templatePath,
    packageTemplate(await readFile(TEMPLATE, 'utf8'), contents.zipName, contents.description),
  );
  // esbuild's account of what went into which file (esbuild's bundle analyzer reads it); the tests use
  // it to check what a cold start loads.
  await writeFile(metaPath, JSON.stringify(bundle.metafile));

  const onDemand = Object.entries(bundle.files).reduce(
    (sum, [name, bytes]) => (name === 'index.mjs' ? sum : sum + bytes.length),
    0,
  );
  const keyNote = keys
    ? `${keys.keys.filter((k) => !k.revoked).length} active keys from ${keysFile}`
    : 'no bundled keys';
  process.stdout.write(
    `${relative(callerDir, zipPath)}: ${kB(zip.length)} zipped ` +
      `(index.mjs ${kB(files['index.mjs'].length)}, chunks loaded on demand ${kB(onDemand)}, ${contents.summary}; ${keyNote})\n`,
  );
}

/** A package for the stack's own bucket, which the template names in the function's environment. */
function stackBucketContents() {
  for (const setting of ['GAMEDATA_RELEASES_DIR', 'GAMEDATA_RELEASE']) {
    if (process.env[setting])
      fail(
        `${setting} names what to put in the package; --no-release packages none: the function reads the stack's bucket (ReleasesFrom bucket)`,
      );
  }
  return {
    files: {},
    zipName: 'lambda-stack-bucket.zip',
    description: "releases from the stack's bucket (ReleasesUrl)",
    summary:
      "no release: reads the bucket GAMEDATA_RELEASES_DIR names (the template's ReleasesBucket)",
  };
}

/** A package that reads its releases from a bucket: releases.json names it, and no release is baked in. */
function bucketContents(location) {
  if (process.env.GAMEDATA_RELEASE)
    fail(
      `GAMEDATA_RELEASE picks a release to put in the package; a package reading ${location} serves the release its CURRENT names`,
    );
  return {
    files: { 'releases.json': new TextEncoder().encode(`${JSON.stringify({ location })}\n`) },
    zipName: bucketZipName(location),
    description: `releases ${location}`,
    summary: `no release: reads ${location}`,
  };
}

/** A package with a release in it: its snapshot as published, and the history its directory serves it with. */
async function releaseContents(releasesDir) {
  let release;
  try {
    release = await readRelease(releasesDir, process.env.GAMEDATA_RELEASE || undefined, REGISTRY);
  } catch (error) {
    if (error instanceof InvalidDatasetError) fail(error.message);
    throw error;
  }
  const { dataset } = release;
  const { version } = dataset.meta;
  const snapshot = new Uint8Array(await readFile(join(release.dir, RELEASE_FILES.snapshot)));
  const history = new TextEncoder().encode(`${JSON.stringify(dataset.history)}\n`);
  // What the handler hashes the snapshot against at every cold start: the manifest's, checked above.
  const sha256 = new TextEncoder().encode(`${release.manifest.files[RELEASE_FILES.snapshot]}\n`);
  // The release's SQLite file and its compressed forms, with what its manifest records of them: served
  // from the package as the snapshot is (from the edge, when there is one).
  const { sqlite } = release.manifest;
  const database = {};
  if (sqlite) {
    for (const name of sqliteFiles(sqlite))
      database[name] = new Uint8Array(await readFile(join(release.dir, name)));
    database['dataset.sqlite.json'] = new TextEncoder().encode(`${JSON.stringify(sqlite)}\n`);
  }
  return {
    files: {
      'dataset.snapshot': snapshot,
      'dataset.snapshot.sha256': sha256,
      'history.json': history,
      ...database,
    },
    zipName: `lambda-${version}.zip`,
    description: `release ${version}`,
    summary: `dataset.snapshot ${kB(snapshot.length)}: release ${version} from ${releasesDir}, ${dataset.meta.counts.items} items, ${dataset.sprites.size} sprites`,
  };
}

await main();
