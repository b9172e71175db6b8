import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  // React 19 runs the SPA (docs/decisions/0020-react-prerendered-entry-screens.md); the plugin
  // compiles JSX with the automatic runtime and gives Fast Refresh in `npm run dev`.
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every asset is a file: a strict CSP (img-src 'self') would block inlined data: URIs.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks and styles a page loads (bundle-budget.test.ts, bench).
    manifest: true,
    // Every module the first page imports statically shares one chunk ('$initial': the entry and its
    // static imports), instead of a dozen small shared chunks: one request, and gzip compresses the
    // whole better (−4.4 KB on the login page, docs/performance.md). Lazy routes stay chunks of
    // their own and import what they share from it.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
