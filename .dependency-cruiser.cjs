// The direction imports take in every package's and app's `src` (`pnpm lint:deps`; ARCHITECTURE.md,
// "Imports run one way"). Type-only imports count: a type names the module it comes from as much as
// a value does. Tests may reach across the layers they test, so they are left out of the rules.
const CORE = '^packages/core/src/';
const TESTS = '\\.test\\.ts$|/testing/';

/** Core's folders that present the data: the HTTP layer and the documents it serves. */
const PRESENTATION = ['http', 'docs', 'openapi', 'feed'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes load order matter and the two modules one: break it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'collections-before-query',
      severity: 'error',
      comment:
        'collections/ describes the lists (fields, filters, sorts); query/ answers from them. A filter reads the indexes through FilterIndexes, declared in collections/.',
      from: { path: `${CORE}collections/`, pathNot: TESTS },
      to: { path: `${CORE}query/` },
    },
    {
      name: 'release-codec-reads-bytes',
      severity: 'error',
      comment:
        'The snapshot codec and the dataset model (dataset/) lay out and read what is stored; what is worked out from it (language lists, search texts, translated bulk records) comes from release/, which calls languages and search.',
      from: { path: `${CORE}dataset/`, pathNot: TESTS },
      to: { path: `${CORE}(query|search|language|release|policy|${PRESENTATION.join('|')})/` },
    },
    {
      name: 'model-below-presentation',
      severity: 'error',
      comment:
        'The data model, indexes, search, languages and the release writer serve the HTTP layer and the documents; none of them imports it.',
      from: {
        path: `${CORE}(schemas|collections|dataset|query|search|language|release)/`,
        pathNot: TESTS,
      },
      to: { path: `${CORE}(${PRESENTATION.join('|')})/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: 'node_modules|/dist/' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
