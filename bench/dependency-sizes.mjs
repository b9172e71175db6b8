// What each runtime dependency of the login page weighs on its own: bundled alone with esbuild
// (minified, production build, what the app imports from it), gzip level 9. Peers are external
// so nothing is counted twice. `node bench/dependency-sizes.mjs`; docs/performance.md cites it.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { ROOT } from './processes.mjs';

const CASES = [
  [
    'react + react-dom/client',
    "export * from 'react'; export { createRoot, hydrateRoot } from 'react-dom/client';",
    [],
  ],
  [
    'react-router (data router)',
    "export { createBrowserRouter, RouterProvider, Link, useNavigate, useLocation, useSearchParams, redirect, Outlet } from 'react-router';",
    ['react', 'react-dom'],
  ],
  // The in-house translator that replaced i18next and react-i18next (15.8 + 2.5 KB; decision 0054).
  [
    'i18n (src/i18n/translator.ts + react.ts)',
    "export { useTranslation } from './src/i18n/react.ts';",
    ['react'],
  ],
  [
    '@tanstack/react-query',
    "export { QueryClient, QueryClientProvider, useQuery, useMutation, queryOptions } from '@tanstack/react-query';",
    ['react'],
  ],
  ['zod classic (the whole z namespace; the app uses ~26 KB of it)', "export { z } from 'zod';", []],
  [
    'react-hook-form + @hookform/resolvers/zod',
    "export { useForm } from 'react-hook-form'; export { zodResolver } from '@hookform/resolvers/zod';",
    ['react', 'zod'],
  ],
];

const rows = [];
for (const [name, source, external] of /** @type {[string, string, string[]][]} */ (CASES)) {
  const code = execFileSync(
    `${ROOT}node_modules/.bin/esbuild`,
    [
      '--bundle',
      '--minify',
      '--format=esm',
      '--define:process.env.NODE_ENV="production"',
      ...external.map((e) => `--external:${e}`),
    ],
    { input: source, cwd: `${ROOT}packages/web` },
  );
  rows.push({ dependency: name, minified: code.length, gzip: gzipSync(code, { level: 9 }).length });
}
console.table(rows);
console.log(JSON.stringify(rows));
