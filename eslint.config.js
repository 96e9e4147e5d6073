import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Imports go one way: web → shared, server → shared; shared imports no project folder.
// Shared code is imported as `#shared/…` (package.json "imports"), not through `../` paths.
const layerPatterns = (from, forbidden) => [
  // Relative paths only: packages such as `react-dom/server` are not project folders.
  ...forbidden.map((f) => ({
    regex: `^\\.{1,2}/(.*/)?${f}(/|$)`,
    message: `src/${from} must not import from src/${f}`,
  })),
  { regex: '^\\.{1,2}/(.*/)?shared/', message: 'import shared code as #shared/…' },
];
const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// A feature does not import another feature: what two features share belongs in page-kit/,
// components/, i18n/ or analytics/, so each feature can change (or be removed) on its own.
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundary = (feature) =>
  restrictImports(
    [`src/web/features/${feature}/**/*.{ts,tsx}`],
    [
      ...layerPatterns('web', ['server']),
      ...features
        .filter((other) => other !== feature)
        .map((other) => ({
          regex: `^(\\.\\./)+(features/)?${other}/`,
          message: `src/web/features/${feature} must not import another feature (${other})`,
        })),
    ],
  );

// One owner per flow (decision 036): the JSON routes (*-route.ts, *-routes.ts), the page forms
// (*-forms.ts), the caseworker console's pages and the CLI are adapters over src/server/services
// and never import one another;
// only src/server/app.ts, which registers them all, imports them. The services know nothing of
// HTTP or the CLI. A test may import its own module.
const adapterPatterns = [
  ...layerPatterns('server', ['web']),
  {
    regex: '^\\.{1,2}/(.*/)?[^/]+-(route|routes|forms)\\.ts$',
    message: 'routes, page forms and the CLI import services (src/server/services), never one another',
  },
  { regex: '^\\.{1,2}/(.*/)?cli/', message: 'nothing but the CLI imports src/server/cli' },
];
// Tests and the helpers beside them (test-support/) are not adapters: they may reach any part.
const serverAdapterBoundary = {
  ...restrictImports(['src/server/{http,cli,console}/**/*.ts'], adapterPatterns),
  ignores: ['**/*.test.ts', '**/test-support/**'],
};
// The CLI, the caseworker console, the JSON routes and the page forms read and write through the
// services: the database's repositories (src/server/db) are the services' own. Only the Database
// type may be named (a type import, which leaves nothing at run time), to hand the database a
// service is given. rate-limits.ts, a helper the routes share rather than a route, still counts
// through its repository.
const noDatabaseAdapters = {
  files: [
    'src/server/cli/**/*.ts',
    'src/server/console/**/*.ts',
    'src/server/http/*-route.ts',
    'src/server/http/*-routes.ts',
    'src/server/http/*-forms.ts',
  ],
  ignores: ['**/*.test.ts', '**/test-support/**'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.{1,2}/(.*/)?db/(?!database\\.ts$)',
            message: 'the CLI, the console, routes and page forms go through src/server/services, never src/server/db',
          },
          {
            regex: '^\\.{1,2}/(.*/)?db/database\\.ts$',
            allowTypeImports: true,
            message:
              'only the Database type may be imported from src/server/db (import type): open it through a service',
          },
        ],
      },
    ],
  },
};
// The page kit (src/web/page-kit) is what the pages are built from: it imports neither the pages
// (src/web/features) nor the shell that starts and frames them (src/web/shell). A page importing
// the kit must not reach the route table, which imports every page (they would no longer load lazily).
const pageKitBoundary = restrictImports(
  ['src/web/page-kit/**/*.{ts,tsx}'],
  [
    ...layerPatterns('web', ['server']),
    {
      regex: '^\\.\\./(.*/)?(shell|features)/',
      message: 'src/web/page-kit imports neither the shell nor the features',
    },
  ],
);
const serviceBoundary = {
  ...restrictImports(
    ['src/server/services/**/*.ts'],
    [
      ...adapterPatterns,
      {
        regex: '^(\\.\\./)+(http|platform)/',
        message: 'a service answers with results; the HTTP adapters (src/server/http) and their plumbing map them',
      },
    ],
  ),
  ignores: ['**/*.test.ts'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Rules that need the types (so they read every file through tsconfig.json, which is slower):
    // a promise nobody awaits or catches, a promise where a callback's result is ignored (an
    // event handler, a setTimeout), and a switch over a union that forgets one of its members.
    files: ['**/*.{ts,tsx}'],
    // Declarations of globals for tsconfig.shared.json alone, outside the tree tsconfig.json holds.
    ignores: ['types/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  restrictImports(['src/web/**/*.{ts,tsx}'], layerPatterns('web', ['server'])),
  restrictImports(['src/server/**/*.{ts,tsx}'], layerPatterns('server', ['web'])),
  serverAdapterBoundary,
  noDatabaseAdapters,
  serviceBoundary,
  ...features.map(featureBoundary),
  pageKitBoundary,
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.{1,2}/(.*/)?(web|server)(/|$)', message: 'src/shared imports no other project folder' },
            { group: ['node:*', 'react', 'react-dom', 'react/*'], message: 'src/shared is pure: no Node.js, no React' },
          ],
        },
      ],
    },
  },
);
