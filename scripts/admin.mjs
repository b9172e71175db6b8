// `npm run admin -- …`: the compiled admin CLI (packages/api/dist/cli.js), built first when stale.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(
  process.execPath,
  [join(root, 'scripts/build.mjs'), '--stale-only', '--server-only'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const cli = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'packages/api/dist/cli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
