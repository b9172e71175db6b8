// `npm start`: builds what is stale (scripts/build.mjs), then runs the compiled server with plain
// node: no TypeScript loader at run time (`npm run dev` keeps tsx for development).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--stale-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

// --max-semi-space-size=4 (MB): V8's young generation stays small; the default lets it grow to
// tens of MB under load, most of the peak memory above idle (docs/performance.md, issue 21).
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=4', join(root, 'packages/api/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The server drains on SIGTERM/SIGINT; this wrapper passes the signal on and exits as it does.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
