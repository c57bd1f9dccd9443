import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { dependencyDirection } from './tools/eslint/dependency-direction.js';

/** TypeScript that Node's type stripping runs as is. */
const ERASABLE_SYNTAX = [
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
    plugins: { fleetdeck: { rules: { 'dependency-direction': dependencyDirection } } },
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
      'no-restricted-syntax': ['error', ...ERASABLE_SYNTAX],
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
        ...ERASABLE_SYNTAX,
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
    rules: { 'no-restricted-syntax': ['error', ...ERASABLE_SYNTAX] },
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
