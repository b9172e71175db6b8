// `npm start`: builds what is stale (scripts/build.mjs), then runs the compiled server with plain
// node: no TypeScript loader at run time (`npm run dev` keeps tsx for development).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--stale-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

// The flags and the allocator settings keep the peak memory down (scripts/server-flags.mjs; a
// setting already in the environment wins); main.js turns on source maps for the server's own code.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'packages/api/dist/main.js')], {
  cwd: root,
  env: { ...SERVER_ENV, ...process.env },
  stdio: 'inherit',
});
// The server drains on SIGTERM/SIGINT; this wrapper passes the signal on and exits as it does.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
