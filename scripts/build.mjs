// `npm run build`: the SPA (vite, packages/web/dist) and the server (esbuild, packages/api/dist).
// `--stale-only` (what `npm start` runs) builds only the parts whose sources are newer than their
// output, so a second start is immediate.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function stale(output, sources) {
  const outputPath = join(root, output);
  if (!existsSync(outputPath)) return true;
  const sourceTime = Math.max(
    ...sources
      .map((s) => join(root, s))
      .filter(existsSync)
      .map(newestMtime),
  );
  return statSync(outputPath).mtimeMs < sourceTime;
}

/** @type {{ name: string, output: string, sources: string[], command: [string, string[]] }[]} */
const parts = [
  {
    name: 'web app',
    output: 'packages/web/dist/index.html',
    sources: [
      'packages/web/src',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/package.json',
      // The pre-render and compression steps of the web build (decision 0020).
      'packages/web/scripts',
      'packages/contract/src',
    ],
    command: ['npm', ['run', 'build', '-w', '@vestibule/web']],
  },
  {
    name: 'server',
    output: 'packages/api/dist/main.js',
    sources: [
      'packages/api/src',
      'packages/api/package.json',
      'packages/contract/src',
      'scripts/build-server.mjs',
    ],
    command: [process.execPath, [join(root, 'scripts/build-server.mjs')]],
  },
];

const staleOnly = process.argv.includes('--stale-only');
// The admin CLI needs only the server.
const wanted = process.argv.includes('--server-only') ? parts.filter((p) => p.name === 'server') : parts;
for (const part of wanted) {
  if (staleOnly && !stale(part.output, part.sources)) continue;
  console.log(`Building the ${part.name}…`);
  const [command, args] = part.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
