// `node scripts/package.mjs DIR [--install]`: the production deployment in DIR, self-contained:
// the compiled server and admin CLI (packages/api/dist), the built SPA (packages/web/dist), and a
// package.json with only the server's runtime dependencies, pinned to the versions the lock file
// installed here. `--install` then runs `npm install --omit=dev` in DIR. The Dockerfile and the
// production-install test (packages/api/test/operations/production-install.test.ts) both run it,
// so what the test checks is what the image holds. Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVER_ENV_SHELL, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const target = process.argv[2] && !process.argv[2].startsWith('--') ? resolve(process.argv[2]) : undefined;
if (!target) {
  console.error('Usage: node scripts/package.mjs DIR [--install]');
  process.exit(2);
}
for (const built of [
  'packages/api/dist/main.js',
  'packages/api/dist/cli.js',
  'packages/api/dist/migrate.js',
  'packages/web/dist/index.html',
]) {
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const rootPackage = readJson(join(root, 'package.json'));

/** The version installed for a package (workspace-local first, then hoisted). */
function installedVersion(workspace, name) {
  for (const dir of [join(root, workspace, 'node_modules'), join(root, 'node_modules')]) {
    const manifest = join(dir, name, 'package.json');
    if (existsSync(manifest)) return readJson(manifest).version;
  }
  throw new Error(`${name} is not installed: run npm install first`);
}

// The server bundles the contract workspace, so its dependencies are the server's too.
const dependencies = {};
for (const workspace of ['packages/api', 'packages/contract']) {
  for (const name of Object.keys(readJson(join(root, workspace, 'package.json')).dependencies ?? {})) {
    if (name.startsWith('@vestibule/')) continue;
    dependencies[name] = installedVersion(workspace, name);
  }
}

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(join(root, 'packages/api/dist'), join(target, 'packages/api/dist'), { recursive: true });
cpSync(join(root, 'packages/web/dist'), join(target, 'packages/web/dist'), { recursive: true });
for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md']) cpSync(join(root, file), join(target, file));
const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
const manifest = {
  name: 'vestibule',
  version: rootPackage.version,
  private: true,
  description: rootPackage.description,
  license: rootPackage.license,
  type: 'module',
  engines: rootPackage.engines,
  scripts: {
    start: `${SERVER_ENV_SHELL} node ${SERVER_NODE_FLAGS.join(' ')} packages/api/dist/main.js`,
    admin: 'node --enable-source-maps packages/api/dist/cli.js',
    migrate: 'node --enable-source-maps packages/api/dist/migrate.js',
  },
  dependencies: sorted,
};
writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `Packaged Vestibule ${rootPackage.version} into ${target} (${Object.keys(sorted).length} runtime dependencies)`,
);

if (process.argv.includes('--install')) {
  const install = spawnSync(
    'npm',
    ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    { cwd: target, stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
