import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'postcss';
import postcssRtl from 'postcss-rtlcss';
import { rootFiles } from './scripts/vite/root-files.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { lighterCrest } from './scripts/vite/lighter-crest.ts';
import { paintFirst } from './scripts/vite/paint-first.ts';
import { translationSections } from './scripts/vite/translation-sections.ts';

// govuk-frontend still carries IE-only media hacks (`min-width: 0\0`) that the CSS minifier
// rejects; no supported browser applies them, so they are dropped.
const dropIeMediaHacks: Plugin = {
  postcssPlugin: 'drop-ie-media-hacks',
  AtRule: {
    media: (rule) => {
      if (/\(min-width:\s*0[^)\s]/.test(rule.params)) rule.remove();
    },
  },
};

// The SPA lives in src/web and is built to dist/web, which the server serves. `vite build --ssr`
// builds the server entry (src/web/entry-server.tsx) to dist/web-server, which the server loads
// to render the pages; it is never served.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/web',
  publicDir: false,
  plugins: [
    react(),
    translationSections({
      dir: fileURLToPath(new URL('./src/shared/i18n/translations', import.meta.url)),
      // Long texts of a single page (and the titles of the journey's and status pages, in
      // i18n/page-titles.ts): loaded with that page, not with the first load. serverOnly is
      // rendered by the server only (a browser that runs the app never shows it).
      pageOnly: [
        'pages',
        'terms',
        'privacy',
        'accessibility',
        'cookiesInformation',
        'cookiesPage',
        'apply',
        'validation',
        'status',
        'check',
        'exit',
        'feedback',
        'saveReturn',
        'statusRecovery',
        'serverOnly',
      ],
      // The emails' and the pre-clearance document's texts: written by the server only, never downloaded.
      notForBrowsers: ['email', 'document'],
    }),
    !isSsrBuild && paintFirst(),
    !isSsrBuild && lighterCrest(),
    !isSsrBuild && compileHints(),
    !isSsrBuild &&
      rootFiles({
        'favicon.ico': fileURLToPath(
          new URL('./node_modules/govuk-frontend/dist/govuk/assets/images/favicon.ico', import.meta.url),
        ),
        'robots.txt': fileURLToPath(new URL('./src/web/robots.txt', import.meta.url)),
      }),
  ],
  resolve: {
    alias: [
      {
        find: '@govuk-assets',
        replacement: fileURLToPath(new URL('./node_modules/govuk-frontend/dist/govuk/assets', import.meta.url)),
      },
      // React Router resolves to its development build (its warnings included) under every
      // condition a bundler or Node.js sets: the service runs its production build.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
      },
      ...(isSsrBuild
        ? [
            {
              find: /^accessible-autocomplete$/,
              replacement: fileURLToPath(new URL('./scripts/vite/server-autocomplete.ts', import.meta.url)),
            },
          ]
        : // The browser runs the components with Preact's React compatibility (decision 061): a
          // fifth of React DOM's size to download and hydrate. The server renders with React, and
          // so do the unit tests (mode `test`).
          mode === 'test'
          ? []
          : [
              { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
              { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
              { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
              { find: /^react-dom$/, replacement: 'preact/compat' },
              { find: /^react$/, replacement: 'preact/compat' },
            ]),
    ],
  },
  css: {
    preprocessorOptions: {
      scss: {
        loadPaths: ['node_modules'],
        quietDeps: true,
        silenceDeprecations: ['import'],
      },
    },
    postcss: {
      // govuk-frontend is left-to-right only: generate [dir="rtl"] overrides at build time.
      plugins: [dropIeMediaHacks, postcssRtl({ mode: 'combined' })],
    },
  },
  build: isSsrBuild
    ? { outDir: '../../dist/web-server', emptyOutDir: true, sourcemap: true }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        sourcemap: false,
        manifest: true,
        modulePreload: { polyfill: false },
        // The modules of the first load stay in the entry's chunk: left to itself, Rolldown may move
        // those the lazy pages share with it (React, the router, i18next) into a chunk of their own,
        // a second file every first load downloads and compresses apart (about 1 KiB more).
        // The GOV.UK components the lazy pages share, a few hundred bytes each, are one chunk: as a
        // chunk each, a question page asked for a dozen files whose headers outweighed them.
        // The entry lists every lazy chunk's file name (what each page preloads): hashes of 6
        // characters rather than 8 keep those names shorter, and are still unique among ~60 chunks.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'first-load', tags: ['$initial'] },
                { name: 'govuk-components', test: /src[\\/]web[\\/]components[\\/]/ },
              ],
            },
            chunkFileNames: 'assets/[name]-[hash:6].js',
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000' },
  },
}));
