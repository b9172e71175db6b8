// `node scripts/package.mjs DIR [--install]`: the production deployment in DIR, self-contained:
// the compiled server, admin CLI and migrate command (packages/api/dist), the built SPA
// (packages/web/dist), and the lock file with the server's workspace manifests. `--install` then
// runs `npm ci --omit=dev` in DIR (exactly the lock file's versions) and writes the release's
// CycloneDX SBOM, sbom.cdx.json. The Dockerfile and the production-install test
// (packages/api/test/operations/production-install.test.ts) both run it, so what the test checks
// is what the image holds. Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
/** The workspaces whose runtime dependencies the server loads (it bundles the contract's code). */
const SERVER_WORKSPACES = ['packages/contract', 'packages/api'];

/**
 * A manifest without its development dependencies: `npm ci --omit=dev` then finds the lock in
 * step with it, and never asks for every platform's optional builds of the development tools
 * (which the lock cannot hold on mirrors without them, see .ci/run).
 */
function runtimeManifest(manifest) {
  const { devDependencies: _, ...runtime } = manifest;
  return runtime;
}

const writeJson = (path, value) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(join(root, 'packages/api/dist'), join(target, 'packages/api/dist'), { recursive: true });
cpSync(join(root, 'packages/web/dist'), join(target, 'packages/web/dist'), { recursive: true });
for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package-lock.json'])
  cpSync(join(root, file), join(target, file));
for (const workspace of SERVER_WORKSPACES)
  writeJson(
    join(target, workspace, 'package.json'),
    runtimeManifest(readJson(join(root, workspace, 'package.json'))),
  );
writeJson(join(target, 'package.json'), {
  ...runtimeManifest(rootPackage),
  // The SPA is built already: only the server's workspaces have dependencies to install.
  workspaces: SERVER_WORKSPACES,
  scripts: {
    start: `${SERVER_ENV_SHELL} node ${SERVER_NODE_FLAGS.join(' ')} packages/api/dist/main.js`,
    admin: 'node --enable-source-maps packages/api/dist/cli.js',
    migrate: 'node --enable-source-maps packages/api/dist/migrate.js',
  },
});
console.log(`Packaged Vestibule ${rootPackage.version} into ${target}`);

/** Runs npm in the release directory; exits with npm's code when it fails. */
function npm(args, options = {}) {
  const result = spawnSync('npm', args, { cwd: target, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return result;
}

if (process.argv.includes('--install')) {
  // `npm ci`: exactly the lock file's versions, nothing resolved again (a test compares them),
  // then the release's bill of materials (CycloneDX) from what it installed.
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  const sbom = npm(['sbom', '--sbom-format=cyclonedx', '--omit=dev'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(join(target, 'sbom.cdx.json'), sbom.stdout);
}
