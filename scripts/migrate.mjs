// `npm run migrate [-- --dry-run]`: the compiled migrate command (packages/api/dist/migrate.js),
// built first when stale; the release runs the same file (scripts/package.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(
  process.execPath,
  [join(root, 'scripts/build.mjs'), '--stale-only', '--server-only'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const migrate = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'packages/api/dist/migrate.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
migrate.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
