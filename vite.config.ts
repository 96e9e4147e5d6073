import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import postcssRtl from 'postcss-rtlcss';

// The SPA lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
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
      plugins: [postcssRtl({ mode: 'combined' })],
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000' },
  },
});
