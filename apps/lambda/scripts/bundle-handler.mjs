import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

/**
 * zod's namespace export carries every message locale (`z.locales`, some 45 modules), and a bundle
 * cannot drop what a namespace object might reach. The API's messages are zod's English default, so
 * its `locales/index.js` is replaced by one that re-exports English only: the bundle shrinks by about
 * 40 % and a cold start spends measurably less time compiling it. Should zod move that file, this
 * simply stops matching and the bundle holds every locale again.
 */
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]v4[/\\]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales/index.js'), namespace: 'zod-locales' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

const OUT_DIR = resolve('lambda-bundle'); // nothing is written there: esbuild only needs a place to name files from

/**
 * Bundles a handler entry and everything it imports for Lambda's nodejs22.x runtime: `index.mjs`, one
 * ESM file with the handler and all a cold start needs, and in `chunks/` the code that is loaded only
 * on demand — the Redis client (when GAMEDATA_REDIS_URL is set), zod with the key-file validator (when
 * there are keys to validate), and the OpenAPI document and /docs page builders (on their first
 * request). Code a cold start does not run is then not even compiled. Shared by the package script and
 * the cold-start benchmark's baseline, so both are bundled alike.
 *
 * Returns the files by their path in the package, and esbuild's metafile (what went where).
 * `plugins` are esbuild plugins added to ours (the benchmark swaps a module with one).
 */
export async function bundleHandler(entry, { plugins = [] } = {}) {
  const result = await build({
    entryPoints: { index: entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Whitespace and syntax only: identifiers stay readable in the stack traces the logs show.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    plugins: [englishOnlyZodLocales, ...plugins],
    // The Redis client is CommonJS and requires Node's built-ins; an ES module has no `require` of
    // its own, so give every file one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // The AWS SDK v3 is part of Lambda's Node.js runtime: the function imports the Secrets Manager
    // client from there (src/origin-secret-source.ts) rather than carrying a copy of its own.
    external: ['@aws-sdk/*'],
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    write: false,
    logLevel: 'warning',
    // Core's own chunks import each other bare for ordering; core has no side effects, so dropping those
    // imports is what we want, not something to warn about.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  const files = Object.fromEntries(
    result.outputFiles.map((file) => [
      relative(OUT_DIR, file.path).split(sep).join('/'),
      file.contents,
    ]),
  );
  return { files, metafile: result.metafile };
}
