import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** Every layer under the feature libraries: what a feature, and an app, may import. */
const BELOW_FEATURES = [
  'layer:nav',
  'layer:tenancy',
  'layer:session',
  'layer:client',
  'layer:platform',
  'layer:primitives',
  'layer:theme',
];

/**
 * Module boundaries. Every project carries `type:*`, `scope:*`, `platform:*`
 * tags and, for libraries, a `layer:*` tag; a project may import only the
 * layers listed for it, so the direction of imports of
 * docs/decisions/0002-module-boundaries.md is checked on every lint run.
 * There is deliberately no `*` → `*` rule.
 */
export const depConstraints = [
  { sourceTag: 'layer:platform', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'layer:client', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'layer:primitives', onlyDependOnLibsWithTags: [] },
  {
    sourceTag: 'layer:theme',
    onlyDependOnLibsWithTags: ['layer:platform', 'layer:primitives'],
  },
  {
    sourceTag: 'layer:session',
    onlyDependOnLibsWithTags: [
      'layer:platform',
      'layer:client',
      'layer:primitives',
    ],
  },
  {
    sourceTag: 'layer:tenancy',
    onlyDependOnLibsWithTags: [
      'layer:session',
      'layer:client',
      'layer:platform',
      'layer:primitives',
    ],
  },
  {
    sourceTag: 'layer:nav',
    onlyDependOnLibsWithTags: [
      'layer:tenancy',
      'layer:session',
      'layer:client',
      'layer:platform',
      'layer:primitives',
    ],
  },
  { sourceTag: 'layer:feature', onlyDependOnLibsWithTags: BELOW_FEATURES },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['layer:feature', ...BELOW_FEATURES],
  },
  // The journeys drive the built app; of the libraries they read only the
  // demo accounts (`@collective/api-client/demo`, see e2eImports below).
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['layer:client'] },
  { sourceTag: 'type:tools', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
  {
    sourceTag: 'platform:agnostic',
    onlyDependOnLibsWithTags: ['platform:agnostic'],
  },
  {
    sourceTag: 'platform:node',
    onlyDependOnLibsWithTags: ['platform:agnostic'],
  },
];

/** Imports a library's React-free core must not make (see conventions: core + ./react). */
const reactModules = [
  'react',
  'react-dom',
  'react-dom/*',
  'react/*',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@collective/*/react',
  '@collective/ui',
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/out-tsc',
      '**/test-output',
      '**/playwright-report',
      '**/test-results',
      '**/vite.config.*.timestamp*',
      '**/files/**/*__tmpl__*',
    ],
  },
  {
    files: [
      '**/*.ts',
      '**/*.tsx',
      '**/*.js',
      '**/*.jsx',
      '**/*.mts',
      '**/*.mjs',
    ],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          // auth loads the API client on first use (a chunk of its own for
          // the sign-in page) and also imports its types and errors statically.
          checkDynamicDependenciesExceptions: ['@collective/api-client'],
          allow: [
            '^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$',
            '^.*/tools/vite/.*',
          ],
          depConstraints,
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  ...nx.configs['flat/react'].map((c) => ({
    ...c,
    files: ['**/*.tsx', '**/*.jsx'],
  })),
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.strict.rules },
];

/**
 * For libraries with a React-free core: bans React (and anything that pulls
 * it in) outside `src/react/**`. Spread it into the library's eslint config.
 */
export const reactFreeCore = [
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/react/**',
      'src/testing/**',
      'src/**/*.test.*',
      'src/test-setup.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: reactModules,
              message:
                'The core of a library stays free of React so other collective tools can use it; put React code under src/react/.',
            },
          ],
        },
      ],
    },
  },
];

const E2E_IMPORTS =
  'End-to-end tests use the app through the browser; of the libraries they import only @collective/api-client/demo (the demo accounts the server seeds).';

/**
 * For the end-to-end tests: of the workspace's libraries only the demo
 * accounts and members (`@collective/api-client/demo`), the data the server
 * seeds; the rest they see through the browser, as users do.
 */
export const e2eImports = [
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // gitignore-style: the package is let through only for its /demo entry.
          paths: [{ name: '@collective/api-client', message: E2E_IMPORTS }],
          patterns: [
            {
              group: [
                '@collective/*',
                '!@collective/api-client',
                '@collective/api-client/*',
                '!@collective/api-client/demo',
              ],
              message: E2E_IMPORTS,
            },
          ],
        },
      ],
    },
  },
];
