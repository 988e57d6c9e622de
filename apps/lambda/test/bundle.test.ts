import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_META } from './support/built-handler.js';

interface Metafile {
  outputs: Record<
    string,
    {
      inputs: Record<string, unknown>;
      imports: Array<{ path: string; kind: string; external?: boolean }>;
    }
  >;
}

const meta = JSON.parse(readFileSync(BUNDLE_META, 'utf8')) as Metafile;
const outputOf = (suffix: string) =>
  Object.keys(meta.outputs).find((path) => path.endsWith(suffix)) as string;

/** Every source file in `entry` and in the files it imports statically: what importing it evaluates. */
function loadedAtImport(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && imported.path in meta.outputs)
        visit(imported.path);
    }
  };
  visit(entry);
  return [...seen].flatMap((output) => Object.keys(meta.outputs[output]?.inputs ?? {}));
}

/** The source files bundled anywhere in the package, loaded at import or on demand. */
const bundled = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));

describe('the bundled handler', () => {
  const atColdStart = loadedAtImport(outputOf('index.mjs'));

  it.each<[string, RegExp]>([
    ['zod', /node_modules\/zod\//],
    ['the Redis client', /node_modules\/@redis\/client\//],
    ["core's OpenAPI builder", /packages\/core\/dist\/document-/],
    ["core's /docs page", /packages\/core\/dist\/docs-page-/],
  ])('leaves %s out of a cold start, to be loaded when needed', (_name, source) => {
    expect(bundled.some((path) => source.test(path))).toBe(true);
    expect(atColdStart.filter((path) => source.test(path))).toEqual([]);
  });

  it.each([
    ['@aws-sdk/client-secrets-manager', 'the origin secret is read from Secrets Manager'],
    ['@aws-sdk/client-s3', 'releases are read from a bucket'],
  ])('leaves the AWS SDK to the runtime: %s, imported only when %s', (client) => {
    expect(bundled.filter((path) => /@aws-sdk\//.test(path))).toEqual([]);
    const sdkImports = Object.values(meta.outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.path === client),
    );
    expect(sdkImports.length).toBeGreaterThan(0);
    expect(
      sdkImports.every((imported) => imported.kind === 'dynamic-import' && imported.external),
    ).toBe(true);
  });

  it('loads the code that follows a bucket only when releases are read from one, and zod not even then', () => {
    expect(bundled.some((path) => path.endsWith('src/bucket-release.ts'))).toBe(true);
    expect(atColdStart.filter((path) => path.endsWith('src/bucket-release.ts'))).toEqual([]);
    const bucketChunk = Object.keys(meta.outputs).find((path) =>
      /chunks\/bucket-release-[^/]+\.mjs$/.test(path),
    ) as string;
    expect(loadedAtImport(bucketChunk).filter((path) => /node_modules\/zod\//.test(path))).toEqual(
      [],
    );
  });

  it('loads the app itself at import', () => {
    expect(atColdStart.some((path) => path.endsWith('src/index.ts'))).toBe(true);
    expect(atColdStart.some((path) => /node_modules\/hono\//.test(path))).toBe(true);
  });
});
