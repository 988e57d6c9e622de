import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'test-artifacts/**',
      'apps/lambda/package/**',
      'apps/node/.dev/**',
      'packages/generated-client/client/generated/**',
      'packages/generated-client/quests-client/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Every file here runs on Node or on a web-standard runtime (core), so both sets of globals apply.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    // Core is runtime-agnostic (ARCHITECTURE.md): web-standard globals only, and no Node modules.
    files: ['packages/core/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'path', 'http', 'https', 'crypto', 'os', 'url', 'stream'].map((name) => ({
            name,
            message: 'Core must not import Node modules.',
          })),
          patterns: [{ group: ['node:*'], message: 'Core must not import Node modules.' }],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', 'require'],
    },
  },
  ...[
    ['apps/lambda', '@gamedata/node', 'node'],
    ['apps/node', '@gamedata/lambda', 'lambda'],
  ].map(([app, other, folder]) => ({
    // No app imports another (ARCHITECTURE.md): what both adapters share lives in a package.
    files: [`${app}/**/*.{ts,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                other,
                `${other}/*`,
                `**/apps/${folder}/**`,
                `../${folder}/**`,
                `../../${folder}/**`,
                `../../../${folder}/**`,
              ],
              message: 'Apps do not import each other; move what both need into a package.',
            },
          ],
        },
      ],
    },
  })),
);
