// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Node 21+ APIs that @types/node 22 declares but Node 20.19, which the shop still supports
 * (package.json engines), lacks: refused in server code (issue 15). Extend when one bites.
 */
const newerThanNode20 = 'missing in Node 20, which the shop still supports (package.json engines)';
const node20Only = {
  files: [
    'apps/api/**/*.{ts,tsx}',
    'apps/storefront/server.ts',
    'apps/storefront/server/**/*.ts',
    'apps/storefront/**/*.server.ts',
    'scripts/**/*.ts',
    'bench/**/*.ts',
  ],
  rules: {
    'no-restricted-properties': [
      'error',
      {
        object: 'URL',
        property: 'parse',
        message: `URL.parse is ${newerThanNode20}: use new URL() in try/catch or URL.canParse`,
      },
      { object: 'process', property: 'execve', message: `process.execve is ${newerThanNode20}` },
      {
        object: 'process',
        property: 'finalization',
        message: `process.finalization is ${newerThanNode20}`,
      },
    ],
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'node:sqlite', message: `node:sqlite is ${newerThanNode20}` },
          ...['node:fs', 'node:fs/promises', 'fs', 'fs/promises'].map((name) => ({
            name,
            importNames: ['glob', 'globSync'],
            message: `fs glob is ${newerThanNode20}`,
          })),
          {
            name: 'node:module',
            importNames: ['registerHooks'],
            message: `registerHooks is ${newerThanNode20}`,
          },
          {
            name: 'node:stream',
            importNames: ['duplexPair'],
            message: `duplexPair is ${newerThanNode20}`,
          },
          {
            name: 'node:util',
            importNames: ['getCallSites'],
            message: `getCallSites is ${newerThanNode20}`,
          },
          {
            name: 'node:tls',
            importNames: ['getCACertificates'],
            message: `getCACertificates is ${newerThanNode20}`,
          },
          {
            name: 'node:assert',
            importNames: ['partialDeepStrictEqual'],
            message: `partialDeepStrictEqual is ${newerThanNode20}`,
          },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['WebSocket', 'CloseEvent', 'URLPattern', 'navigator'].map((name) => ({
        name,
        message: `the global ${name} is ${newerThanNode20} (server code)`,
      })),
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'apps/api/drizzle/**',
      'apps/storefront/app/graphql/generated.ts',
      'bench/results/**',
      'tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  node20Only,
  {
    // Typed rules (issue 22): a promise is awaited, returned or marked `void` with a comment
    // saying why fire-and-forget is right and where its errors go.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
