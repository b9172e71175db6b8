import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  // Preact stands in for React (docs/decisions/0014-preact-compat.md): the preset aliases react,
  // react-dom (and react-dom/client), react/jsx-runtime and react-dom/test-utils to preact/compat,
  // compiles JSX for Preact and gives Prefresh (hot reload) and Preact's devtools in development.
  // The source keeps importing 'react' and typing against @types/react.
  plugins: [preact({ prerender: { enabled: false } })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every asset is a file: a strict CSP (img-src 'self') would block inlined data: URIs.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks and styles a page loads (bundle-budget.test.ts, bench).
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
