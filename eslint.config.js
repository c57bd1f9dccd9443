import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { dependencyDirection } from './tools/eslint/dependency-direction.js';
import { serverFileNames } from './tools/eslint/server-file-names.js';

/** Syntax TypeScript cannot erase (the server runs its sources directly: decision 002). */
const NOT_ERASABLE = [
  {
    selector: 'TSEnumDeclaration',
    message: 'Use a union of string literals: enums are not erasable syntax.',
  },
  { selector: 'TSModuleDeclaration[kind!="global"]', message: 'Namespaces are not erasable syntax.' },
  {
    selector: 'TSParameterProperty',
    message: 'Declare the field and assign it: parameter properties are not erasable syntax.',
  },
];

/** Errors are built by the factories in apps/server/src/errors/ only, so each id and status is decided once. */
const NO_AD_HOC_APP_ERROR = {
  selector: 'NewExpression[callee.name="AppError"]',
  message:
    'Use a factory from apps/server/src/errors/ (add one there if none fits): the error catalogue decides ids and statuses.',
};

/** Kysely's ways into SQL: a route hands the database handle to a service, never queries it (decision 044). */
const QUERY_BUILDER =
  /^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|connection|executeQuery|with|withRecursive)$/;

/** A route hands the database handle to a service, never queries it (decision 044). */
const ROUTES_HOLD_NO_SQL = [
  {
    selector: `CallExpression > MemberExpression.callee[property.name=${String(QUERY_BUILDER)}]`,
    message:
      'Routes hold no SQL: move the query into a repository and call it from a service (decision 044).',
  },
  {
    selector: 'TaggedTemplateExpression[tag.name="sql"]',
    message: 'Routes hold no SQL: move the query into a repository (decision 044).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: {
      fleetdeck: {
        rules: { 'dependency-direction': dependencyDirection, 'server-file-names': serverFileNames },
      },
    },
    rules: {
      'fleetdeck/dependency-direction': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'no-restricted-syntax': ['error', ...NOT_ERASABLE],
    },
  },
  {
    // No import cycles (a cycle makes a module's load order, and so its behaviour at start, depend
    // on who imported it first).
    files: ['apps/server/src/**', 'apps/web/src/**', 'packages/*/src/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // ── The server's layers (decision 044): routes parse, authorize and call a service; services
  // hold the rules and transactions; repositories hold SQL; jobs/ holds every background loop. ──
  {
    files: ['apps/server/src/**'],
    rules: { 'fleetdeck/server-file-names': 'error' },
  },
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/errors/**'],
    rules: { 'no-restricted-syntax': ['error', ...NOT_ERASABLE, NO_AD_HOC_APP_ERROR] },
  },
  {
    files: ['apps/server/src/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(kysely|pg|pg-boss)(/.*)?$',
              message: 'Routes call a service; the database is reached by repositories (decision 044).',
            },
            {
              regex: '(^|/)db/',
              message:
                'Routes never import the database client or its schema: call a service (decision 044).',
            },
            {
              regex: '\\.repository(\\.ts)?$',
              message: "Routes never import a repository: call the module's service (decision 044).",
            },
            {
              regex: '(^|/)jobs/',
              message: 'Background loops are started by the app (app.ts), never by a route (decision 044).',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...NOT_ERASABLE, ...ROUTES_HOLD_NO_SQL, NO_AD_HOC_APP_ERROR],
    },
  },
  {
    files: ['apps/server/src/modules/**', 'apps/server/src/jobs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)routes/|\\.routes(\\.ts)?$',
              message: 'Services and jobs never import routes: routes call them (decision 044).',
            },
          ],
        },
      ],
    },
  },
  {
    // After the block above: a repository's patterns are a superset of a module's.
    files: ['apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)routes/|\\.routes(\\.ts)?$|\\.service(\\.ts)?$|(^|/)jobs/|^fastify$',
              message:
                'Repositories hold SQL only: they never import routes, services or jobs (decision 044).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'fastify', 'pg', 'kysely'],
              message:
                'packages/shared runs in the browser and the server: no Node, DOM or server libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'Use lazyComponent (lib/lazy-component.ts): a chunk loaded on demand must heal with one reload after a deployment.',
            },
          ],
          patterns: [{ group: ['node:*'], message: 'The web app runs in the browser.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...NOT_ERASABLE,
        {
          selector: 'JSXOpeningElement[name.name="form"]',
          message:
            'Use SafeTextForm (components/ui/safe-text-form.tsx): a form refuses the characters the server refuses before sending, naming the field.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'React',
          property: 'lazy',
          message:
            'Use lazyComponent (lib/lazy-component.ts): a chunk loaded on demand must heal with one reload after a deployment.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/ui/safe-text-form.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...NOT_ERASABLE] },
  },
  {
    // Vite and Playwright configs belong to the web app's Node-side tsconfig, not to a tsconfig.json.
    files: ['apps/web/vite.config.ts', 'apps/web/playwright.config.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './apps/web/tsconfig.node.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
