// The SPA built for one run into a directory of its own (the server serves it through
// WEB_DIST_DIR), so that a build made meanwhile in packages/web/dist cannot change the files under
// test. Used by the soak and by the bench.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

/** Runs `vite build` of packages/web into `outDir` (emptied first); throws when the build fails. */
export function buildWebApp(outDir) {
  const build = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'packages/web/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('the web build failed');
}
