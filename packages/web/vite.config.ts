import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  // Preact stands in for React (docs/decisions/0014-preact-compat.md): the preset aliases react and
  // react-dom (react-dom/client too) to preact/compat, react/jsx-runtime to preact/jsx-runtime,
  // compiles JSX for Preact and gives Prefresh (hot reload) and Preact's devtools in development.
  // The source keeps importing 'react' and typing against @types/react. Every build warns that
  // react-router's `useOptimistic` is undefined: react-router then uses its own fallback.
  plugins: [preact({ prerender: { enabled: false } })],
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
