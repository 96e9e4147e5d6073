import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports go one way: web → shared, server → shared; shared imports no project folder.
// Shared code is imported as `#shared/…` (package.json "imports"), not through `../` paths.
const layer = (from, forbidden) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        // Relative paths only: packages such as `react-dom/server` are not project folders.
        patterns: [
          ...forbidden.map((f) => ({
            regex: `^\\.{1,2}/(.*/)?${f}(/|$)`,
            message: `src/${from} must not import from src/${f}`,
          })),
          { regex: '^\\.{1,2}/(.*/)?shared/', message: 'import shared code as #shared/…' },
        ],
      },
    ],
  },
});

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
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layer('web', ['server']),
  layer('server', ['web']),
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
