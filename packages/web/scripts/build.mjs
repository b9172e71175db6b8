// `npm run build -w @vestibule/web [-- <outDir>]`: everything the server serves (issue 17): the
// client build (Vite), the Node build of src/prerender.tsx, the pre-rendered entry screens
// (prerender.mjs) and the brotli and gzip copies of the assets (compress.mjs). `outDir` defaults
// to packages/web/dist; the bench and the soak build into directories of their own.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';

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
run([join(webRoot, 'scripts/compress.mjs'), outDir]);
