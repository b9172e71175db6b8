import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
