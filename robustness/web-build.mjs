// The SPA built for one run into a directory of its own (the server serves it through
// WEB_DIST_DIR), so that a build made meanwhile in packages/web/dist cannot change the files under
// test. Used by the soak and by the bench.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

/**
 * Builds packages/web into `outDir` as `npm run build` does (Vite, pre-rendered entry screens,
 * brotli and gzip copies: packages/web/scripts/build.mjs); throws when the build fails.
 */
export function buildWebApp(outDir) {
  const build = spawnSync(process.execPath, [join(ROOT, 'packages/web/scripts/build.mjs'), outDir], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('the web build failed');
}
