// `npm run build -w @vestibule/web [-- <outDir>]`: everything the server serves: the
// client build (Vite), the Node build of src/prerender.tsx, the pre-rendered entry screens
// (prerender.mjs) and the brotli and gzip copies of the assets (compress.mjs). `outDir` defaults
// to packages/web/dist; the bench and the soak build into directories of their own.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';

const webRoot = join(import.meta.dirname, '..');
const outDir = resolve(process.argv[2] ?? join(webRoot, 'dist'));
// Inside packages/web, whatever outDir is: the Node build imports react & co. from node_modules.
const rendererDir = join(webRoot, 'dist-prerender', outDir === join(webRoot, 'dist') ? '' : basename(outDir));
const vite = join(createRequire(import.meta.url).resolve('vite/package.json'), '../bin/vite.js');
// Vitest and others set NODE_ENV=test, which would bundle React's development build.
const env = { ...process.env, NODE_ENV: 'production' };

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: webRoot, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run([vite, 'build', '--outDir', outDir, '--emptyOutDir']);
run([
  vite,
  'build',
  '--ssr',
  'src/prerender.tsx',
  '--outDir',
  rendererDir,
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
run([join(webRoot, 'scripts/prerender.mjs'), outDir, join(rendererDir, 'prerender.js')]);
copyApiReference(outDir);
run([join(webRoot, 'scripts/compress.mjs'), outDir]);

/**
 * Redoc's standalone bundle (self-contained) beside the SPA, for the API reference at /api/docs:
 * served from our origin under the CSP, never from a CDN; its licence notices go with it.
 */
function copyApiReference(dir) {
  const bundles = dirname(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  mkdirSync(join(dir, 'api-docs'), { recursive: true });
  for (const file of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) {
    copyFileSync(join(bundles, file), join(dir, 'api-docs', file));
  }
}
