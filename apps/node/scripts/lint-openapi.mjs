// Lints the OpenAPI document the Node adapter serves for the demo release with the two linters users
// most often point at an API, Redocly CLI and Spectral: any error or warning fails `pnpm lint`, so the
// document stays one that mainstream tools accept (issue #15). The document is written into `dist/`,
// beside the build it comes from, because Redocly's ignore file names the linted file by its path.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@gamedata/core';
import { readRelease } from '@gamedata/server-io/release';
import { DEMO_RELEASES_DIR } from '../dist/config.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const file = here('../dist/openapi.json');
const { dataset } = await readRelease(DEMO_RELEASES_DIR);
await writeFile(file, JSON.stringify(buildOpenApiDocument(dataset)));
execFileSync('redocly', ['lint', '--config', here('./redocly.yaml'), file], { stdio: 'inherit' });
execFileSync(
  'spectral',
  ['lint', '--ruleset', here('./spectral.yaml'), '--fail-severity', 'warn', file],
  { stdio: 'inherit' },
);
