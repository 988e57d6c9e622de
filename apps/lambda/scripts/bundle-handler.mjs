import { dirname, join } from 'node:path';
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
      /[/\\]zod[/\\]v4[/\\]/.test(args.importer) ? { path: join(dirname(args.importer), '../locales/index.js'), namespace: 'zod-locales' } : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * Bundles a handler entry and everything it imports into one ESM file for Lambda's nodejs22.x
 * runtime, returned as bytes. Shared by the package script and the cold-start benchmark's baseline, so
 * both are bundled alike.
 */
export async function bundleHandler(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Whitespace and syntax only: identifiers stay readable in the stack traces the logs show.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    plugins: [englishOnlyZodLocales],
    // The Redis client is CommonJS and requires Node's built-ins; an ES module bundle has no
    // \`require\` of its own, so give it one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    write: false,
    outfile: 'index.mjs',
    logLevel: 'warning',
  });
  return result.outputFiles[0].contents;
}
