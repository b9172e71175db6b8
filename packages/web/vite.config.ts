import { join, relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileCatalog } from './src/i18n/icu';

// The web app's catalogs, and the contract's error messages it imports (i18n/bundles.ts).
const CATALOG = /\/(web|contract)\/src\/i18n\/catalogs\/[^/]+\/[^/]+\.json$/;

/**
 * The text catalogs are ICU MessageFormat (decision 0083); the SPA's translator reads `{{name}}`
 * and `_one`/`_other` keys. Each catalog is converted as it is imported, still JSON for Vite's own
 * JSON step, and the build fails on a message the translator cannot render, naming file and key.
 */
function icuCatalogs(): Plugin {
  return {
    name: 'vestibule:icu-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const file = relative(import.meta.dirname, id);
      return { code: JSON.stringify(compileCatalog(JSON.parse(code), file)), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  // React 19 runs the SPA (docs/decisions/0020-react-prerendered-entry-screens.md); the plugin
  // compiles JSX with the automatic runtime and gives Fast Refresh in `npm run dev`.
  plugins: [icuCatalogs(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every asset is a file: a strict CSP (img-src 'self') would block inlined data: URIs.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks and styles a page loads (bundle-budget.test.ts, bench).
    manifest: true,
    // Every browser Vite 8 targets knows modulepreload; the polyfill would also tie index.html's
    // small entry to the app's chunk (src/entry.ts).
    modulePreload: { polyfill: false },
    // Every module the first page imports statically shares one chunk ('$initial': the entry and its
    // static imports), instead of a dozen small shared chunks: one request, and gzip compresses the
    // whole better (−4.4 KB on the login page, docs/performance.md). Lazy routes stay chunks of
    // their own and import what they share from it.
    rolldownOptions: {
      // Two entries (decision 0020): index.html runs src/entry.ts, a few hundred bytes that import
      // the app (src/main.tsx, an entry of its own, so that its static imports still share one
      // chunk) once the browser has painted the page. The pre-rendering's Node build has its own.
      ...(isSsrBuild
        ? {}
        : {
            input: {
              index: join(import.meta.dirname, 'index.html'),
              main: join(import.meta.dirname, 'src/main.tsx'),
            },
          }),
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'start',
              tags: ['$initial'],
              // The entry's own modules stay in its small chunk (src/entry.ts, src/earlyRequests.ts).
              test: (id: string) => !/index\.html|\/src\/(entry|earlyRequests)\.ts/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
}));
