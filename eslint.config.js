import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What no Worker file may import (ADR 0108). */
const workerPatterns = [
  {
    group: ['~/*', '**/app/**', 'react', 'react-*', '@remix-run/*'],
    message: 'The Worker shares code with the app only through core/.',
  },
  {
    group: ['**/scripts/**', '**/local-*/**'],
    message: 'The Worker reaches the local services over HTTP, never by import.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'public/build/**',
      'public/fonts/**',
      'functions/**',
      '.cache/**',
      'build/**',
      '**/.wrangler/**',
      '**/.tmp/**',
      'test-results/**',
      'playwright-report/**',
      '**/worker-configuration.d.ts',
      // AssemblyScript (its own types and decorators), compiled by scripts/build-judge.ts.
      'workers/api/assembly/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Layer boundaries (ARCHITECTURE.md, ADR 0108): core/ is pure and imports no platform; the app never imports the
  // Worker; the Worker never imports the app. Tests beside the code may use Node.
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'cloudflare:*'],
              message: 'core/ runs in browsers, Workers and Node alike: no platform modules.',
            },
            {
              group: ['react', 'react-*', '@remix-run/*', 'fabric', 'sonner', '@radix-ui/*'],
              message: 'core/ holds no UI.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'sharp', '@jsquash/*', '@cf-wasm/*'],
              message: 'core/ holds no storage or codecs: they belong to workers/ or scripts/.',
            },
            {
              group: ['~/*', '**/app/**', '**/workers/**', '**/scripts/**', '**/local-*/**'],
              message: 'core/ imports only core/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
          name,
          message: 'core/ runs outside browsers too.',
        })),
        ...['process', 'Buffer', '__dirname', 'require'].map((name) => ({
          name,
          message: 'core/ runs outside Node too.',
        })),
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server.ts'],
    ignores: ['app/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/workers/**'], message: 'The app reaches the Worker over HTTP (/api), never by import.' },
            {
              group: ['node:*', 'sharp', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'The app runs in browsers and on Pages: no Node modules or storage.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser's bundles carry no zod (ADR 0195): a module that builds a schema at import drags all of zod (~450 KB)
    // into every page that imports anything from it. Types are free; a schema the browser needs is loaded with import()
    // when used (the contact form, HTML to image), through a `*-schema.client` module (empty in the server build,
    // ADR 0209) that only import() may load. The zod-free modules beside the schemas are allowed by name.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}', 'app/**/*.fixture.ts', 'app/**/*.server.{ts,tsx}', 'app/**/*-schema.client.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '**/core/api/*',
                '!**/core/api/account-hint',
                '!**/core/api/account-messages',
                '!**/core/api/contact-topics',
                '!**/core/api/event-stream',
                '!**/core/api/share-links',
                '!**/core/api/text-box',
                '!**/core/api/tool-progress',
                '**/core/tools/*',
                '!**/core/tools/*-options',
                '!**/core/tools/output',
                '!**/core/tools/cover-framing',
                '!**/core/tools/salient-window',
                '**/core/json-mode',
                '**/core/memes/suggest/*',
                '**/*-schema.client',
              ],
              allowTypeImports: true,
              message:
                'This module builds zod schemas: import its types with `import type`, its constants from the zod-free module beside it (ADR 0195).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/api/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: workerPatterns }] },
  },
  // One door into the image engine (ARCHITECTURE.md, ADR 0123): outside imaging/, the Worker imports only
  // imaging/engine.ts (which re-exports what routes and ai/ may use), the intake (imaging/intake/) and the image
  // service seam (imaging/service/); never an operation, a codec or the metadata code. Tests beside the code may
  // reach inside.
  {
    files: ['workers/api/src/**/*.ts'],
    ignores: ['workers/api/src/imaging/**', 'workers/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...workerPatterns,
            {
              regex: '(^|/)imaging/(?!(engine|intake|service)(/|$))',
              message:
                'Outside imaging/, use the engine through its front door, imaging/engine.ts (re-export what you need there), or imaging/intake/ and imaging/service/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', WebAssembly: 'readonly' },
    },
  },
);
